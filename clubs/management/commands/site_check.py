"""``manage.py site_check``: says what is wrong before the site opens (tablescore/site_check.py).

Exits 1 when any check finds a problem, so deploy/first-start and a deployment script stop there.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tablescore.site_check import site_findings


class Command(BaseCommand):
    help = "Check the deployment, database, replica, broker, site name and certificate."

    def handle(self, *args: Any, **options: Any) -> None:
        findings = site_findings()
        for finding in findings:
            mark = "ok     " if finding.ok else "PROBLEM"
            self.stdout.write(f"{mark} {finding.part:<12} {finding.says}")
        problems = [f for f in findings if not f.ok]
        if problems:
            raise CommandError(f"{len(problems)} problem(s): fix them before the site opens.")
        self.stdout.write("The site is ready.")
