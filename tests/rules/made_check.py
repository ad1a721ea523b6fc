"""The check the speed tests share: a result the rules built without validation is what validation makes."""

from __future__ import annotations

import warnings

from rules.checks import verify_result
from rules.model import ActionResult


def validates_to_itself(r: ActionResult) -> None:
    """Dumped (a wrongly typed value warns, here an error) and validated again, the result is the same
    object and dump; its checks add up."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dumped = r.model_dump()
    again = ActionResult.model_validate(dumped)
    assert again == r
    assert again.model_dump() == dumped
    verify_result(r)
