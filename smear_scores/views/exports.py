"""CSV downloads that a spreadsheet opens as text, never as formulas.

A cell that starts with =, +, -, @ (or |, %) is a formula to Excel, LibreOffice and
Google Sheets: a player called "=HYPERLINK(...)" would run as one when the league's
export is opened. defusedcsv writes such text cells with a leading apostrophe (numbers,
negative scores included, are written as they are); a leading tab or carriage return,
which some spreadsheets skip before reading a formula, is quoted the same way here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from defusedcsv import csv as defused

SKIPPED_BEFORE_FORMULA = ("\t", "\r")


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(SKIPPED_BEFORE_FORMULA):
        return "'" + value
    return value


class SafeWriter:
    """csv.writer's writerow, with every cell made safe to open in a spreadsheet."""

    def __init__(self, file: Any):
        self._writer = defused.writer(file)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([_cell(value) for value in row])
