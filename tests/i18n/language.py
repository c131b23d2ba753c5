"""What a test asking for pages in French or Dutch leaves behind: nothing. The locale middleware
activates the language a request asked for in the test's thread and leaves it there, so a later
test calling a service directly would hear French or Dutch. A test module asking for such pages
imports :func:`back_to_the_default_language` (an autouse fixture)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def back_to_the_default_language() -> Iterator[None]:
    yield
    translation.deactivate()
