"""Every sentence a table reads about its rules, worded once, a module per job: each setting
and its values (``settings``), the words they share (``words``), the rules page written from
a variant's data (``rules_pages``), "Our rules…" and a set's listed settings (``builder``),
and the API's descriptions (``api``).

Plain Python over the engine's data (smear_scores/rules/): no Django, nothing else of the
project, so a word can be checked against what the engine does."""
