"""A test run started without ``bin/test`` compiles the catalogs that changed, the scripts' one
(``djangojs``: the outbox's "Online", the scorer's sentences) as well as the pages'."""

from __future__ import annotations

import shutil

import pytest

from tests.i18n.catalogs import ROOT, compile_stale


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_a_stale_scripts_catalog_is_compiled(tmp_path):
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "locale" / "fr" / "LC_MESSAGES" / "djangojs.po", folder / "djangojs.po")
    shutil.copy(ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po", folder / "django.po")

    compiled = compile_stale(tmp_path)

    assert (folder / "djangojs.mo").exists()
    assert folder / "djangojs.po" in compiled
