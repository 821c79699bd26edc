"""README, Two commands: the first admin account is made with `createsuperuser` and signs
in to the admin."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from django.core.management import call_command


def test_the_first_admin_account_is_made_with_createsuperuser_and_signs_in(client, db, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "a-long-first-password")
    out = io.StringIO()
    call_command("createsuperuser", interactive=False, username="dora", email="", stdout=out)
    assert out.getvalue() == "Superuser created successfully.\n"
    dora = User.objects.get(username="dora")
    assert (dora.is_staff, dora.is_superuser) == (True, True)
    signed_in = client.post(
        "/admin/login/?next=/admin/",
        {"username": "dora", "password": "a-long-first-password", "next": "/admin/"},
    )
    assert (signed_in.status_code, signed_in["Location"]) == (302, "/admin/")
    assert client.get("/admin/").status_code == 200
