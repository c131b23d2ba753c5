#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    """Run a management command after the start-up checks."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tablescore.settings")
    from django.core.management import execute_from_command_line

    from tablescore.startup import refuse_unsafe_start

    refuse_unsafe_start()
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
