"""`rules.revised`: a sheet validated by its changed fields is the sheet validated whole, or it declines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from bench.odds import template_fighter
from rules import ActionRequest, DefenceRequest, RandomDice, all_systems, get_system
from rules.revised import revisable, revised


def _json(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(data, sort_keys=True))
    return out


def _stored(model: BaseModel) -> dict[str, Any]:
    """A sheet as the bot stores it (the keys the rules write)."""
    return _json(model.model_dump(mode="json", by_alias=True))


def _written_sheets(system_id: str, count: int) -> list[tuple[BaseModel, dict[str, Any], dict[str, Any]]]:
    """(model, its source, the sheet a rule wrote from it) for seeded attacks between the templates."""
    system = get_system(system_id)
    names = list(system.templates())
    dice = RandomDice(5)
    out = []
    for a in names:
        for t in names:
            actor, target = template_fighter(system, a), template_fighter(system, t)
            req = ActionRequest(actor, target, system.options({}), system.settings({}))
            for _ in range(count):
                result = system.attack(req, dice)
                written = [(actor, result.actor_sheet), (target, result.target_sheet)]
                if result.outcome == "pending_defence" and result.exchange is not None:
                    choice = system.default_defence(result.exchange)
                    dreq = DefenceRequest(target, actor, result.exchange, req.settings, choice)
                    final = system.defend(dreq, dice)
                    written += [(target, final.actor_sheet), (actor, final.target_sheet)]
                for fighter, sheet in written:
                    if sheet is not None:
                        source = _stored(fighter.sheet)
                        out.append((system.sheet(source), source, _json(sheet)))
    return out


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_every_sheet_a_rule_writes_revises_to_the_whole_validation(system_id: str) -> None:
    system = get_system(system_id)
    checked = 0
    for model, source, written in _written_sheets(system_id, 6):
        fast = revised(model, written, source)
        if fast is None:
            continue
        whole = system.sheet(written)
        assert fast == whole
        assert fast.model_fields_set == whole.model_fields_set
        checked += 1
    assert checked > 20  # adnd2cp's and dnd35's `after` validators (derived fields) run on the revised copy


class _Typed(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    hp: int = Field(10, ge=0)
    name: str = "x"
    tags: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _shortcut(cls, data: Any) -> Any:
        if isinstance(data, dict) and "n" in data:
            data = {**data, "name": data.pop("n")}
        return data

    @field_validator("name", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @field_validator("tags")
    @classmethod
    def _sorted(cls, value: list[str]) -> list[str]:
        return sorted(value)


def test_changed_fields_go_through_their_own_validators_and_constraints() -> None:
    source = {"hp": 10, "name": "a", "tags": []}
    model = _Typed.model_validate(source)
    assert revised(model, source, source) is model  # nothing changed
    fast = revised(model, {"hp": 3, "name": "  b ", "tags": ["z", "a"]}, source)
    assert fast == _Typed.model_validate({"hp": 3, "name": "  b ", "tags": ["z", "a"]})
    assert fast is not None and fast.name == "b" and fast.tags == ["a", "z"]
    assert model.hp == 10  # the model revised is left as it was
    assert revised(model, {"hp": -1, "name": "a", "tags": []}, source) is None  # refused: validated whole
    assert revised(model, {"hp": 3, "name": "a"}, source) is None  # a field taken away
    assert revised(model, {"hp": 3, "name": "a", "tags": [], "n": "c"}, source) is None  # one added


class _Derived(BaseModel):
    hp: int = 10
    half: int | None = None

    @model_validator(mode="after")
    def _half(self) -> _Derived:
        self.half = self.hp // 2
        return self


class _DerivedWithInfo(BaseModel):
    hp: int = 10

    @model_validator(mode="after")
    def _checked(self, info: ValidationInfo) -> _DerivedWithInfo:
        return self


class _Wrapped(BaseModel):
    hp: int = 10

    @model_validator(mode="wrap")
    @classmethod
    def _around(cls, data: Any, handler: Any) -> Any:
        return handler(data)


class _NeedsInfo(BaseModel):
    hp: int = 10

    @field_validator("hp")
    @classmethod
    def _checked(cls, value: int, info: ValidationInfo) -> int:
        return value


def test_a_models_after_validators_run_on_the_revised_copy() -> None:
    source = {"hp": 10, "half": 5}
    model = _Derived.model_validate(source)
    fast = revised(model, {"hp": 4, "half": 5}, source)  # the rule changed hp; half follows it
    whole = _Derived.model_validate({"hp": 4, "half": 5})
    assert fast == whole and fast is not None and fast.half == 2
    assert fast.model_fields_set == whole.model_fields_set
    assert (model.hp, model.half) == (10, 5)  # the cached model is left as it was


def test_what_cannot_be_validated_field_by_field_is_declined() -> None:
    assert revisable(_Typed) and revisable(_Derived)
    assert not revisable(_DerivedWithInfo) and not revisable(_Wrapped)
    assert revised(_DerivedWithInfo(), {"hp": 4}, {"hp": 10}) is None
    assert revised(_Wrapped(), {"hp": 4}, {"hp": 10}) is None
    needs_info = _NeedsInfo()
    assert revised(needs_info, {"hp": 4}, {"hp": 10}) is None
