"""Initiative, round upkeep and the extra actions: total defense, delay, ready, stabilise, heal,
aid another, coup de grace, trip."""

from __future__ import annotations

from rules.checks import add_step, check
from rules.dice import DiceSource, Roller
from rules.errors import RulesError
from rules.model import ActionResult, Check, Die, Modifier, Note, Part, Side, Term
from rules.system import ActionRequest, Fighter
from rules.systems.dnd35.acting import ActionKind, begin_action, end_action, restricted
from rules.systems.dnd35.attack import (
    SYSTEM_ID,
    Fight,
    Swing,
    base_mods,
    check_can_act,
    fort_save_check,
    hits,
    nonlethal_mode,
    pick_weapon,
    roll_damage,
    situation_mods,
)
from rules.systems.dnd35.described import (
    attack_outcome,
    d20_check,
    fixed_check,
    other,
    percent_check,
    terms,
)
from rules.systems.dnd35.hp import (
    HP_FIELDS,
    apply_damage,
    condition_list,
    diff,
    effective_conditions,
    fast_copy,
    heal,
    note,
    set_hp,
    sheet_state,
    with_conditions,
)
from rules.systems.dnd35.options import Options
from rules.systems.dnd35.settings import Settings
from rules.systems.dnd35.sheet import Sheet, table_weapon
from rules.systems.dnd35.tables import AID_BONUS, HEAL_DC, STANCES, TOTAL_DEFENSE_DODGE

# A readied action goes off "těsně před akcí, která ji spustila": at the trigger's count, before anyone
# else on it; a delaying combatant who steps in acts after the one whose turn it was. The bot orders
# equal counts by the tiebreak, so these sit above / below every rolled tiebreak.
READIED_TIEBREAK = 1000
DELAYED_TIEBREAK = -1000


def _result(req: ActionRequest, action: str, **kw: object) -> ActionResult:
    target = req.target.name if req.target else None
    return ActionResult(system=SYSTEM_ID, action=action, actor=req.actor.name, target=target, **kw)


def _finish_actor(result: ActionResult, name: str, before: Sheet, after: Sheet) -> ActionResult:
    if after is not before:
        result.changes = result.changes + diff(name, before, after, HP_FIELDS)
        result.actor_sheet = after.model_dump()
    return result


# --- initiative and rounds ------------------------------------------------------------------------
def initiative(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """d20 + Dex + initiative_misc; tiebreak [total modifier, roll-off d20] (the roll-off always rolled)."""
    sheet: Sheet = req.actor.sheet
    settings: Settings = req.settings  # type: ignore[assignment]
    roller = Roller(dice)
    face = roller.d(20, "initiative")
    rolloff = roller.d(20, "initiative_tiebreak")
    mods = [Modifier(key="dex", value=sheet.mod("dex"))]
    if sheet.initiative_misc:
        mods.append(Modifier(key="initiative_misc", value=sheet.initiative_misc))
    total = face + sheet.initiative_mod
    # "Ověření iniciativy je ověření Obratnosti"; a tie goes to the higher bonus, then a roll-off
    checks = [
        d20_check("initiative", face, mods, "actor", None, None),
        check("initiative_tiebreak", dice=[Die(20, rolloff)]),
    ]
    result = _result(
        req,
        "initiative",
        rolls=roller.rolls,
        modifiers=mods,
        total=total,
        tiebreak=[sheet.initiative_mod, rolloff],
        outcome="rolled",
        checks=checks,
    )
    after = with_conditions(sheet, add=("flat_footed",)) if settings.flat_footed_at_start else sheet
    return _finish_actor(result, req.actor.name, sheet, after)


def stabilise_roll(name: str, sheet: Sheet, settings: Settings, roller: Roller, action: str) -> ActionResult:
    """A dying character's d%: ≤ chance → stable; otherwise −1 HP (dead at −10)."""
    pct = roller.d(100, "stabilize")
    chance = settings.stabilize_chance_pct
    if pct <= chance:
        after = set_hp(sheet, conditions=[*sheet.conditions, "stable"])
        outcome = "stabilized"
    else:
        after = set_hp(sheet, hp=sheet.hp - 1)
        outcome = "hp_lost"
    result = ActionResult(
        system=SYSTEM_ID,
        action=action,
        actor=name,
        rolls=list(roller.rolls),
        total=pct,
        against=chance,
        against_key="stabilize_chance",
        outcome=outcome,
        wound=sheet_state(after),
        conditions=condition_list(after),
        changes=diff(name, sheet, after, HP_FIELDS),
        checks=[percent_check("stabilize", pct, chance, "stabilize_chance", "actor", outcome)],
    )
    result.actor_sheet = after.model_dump()
    return result


def start_round(fighter: Fighter[Sheet], settings: Settings, round_no: int, dice: DiceSource) -> ActionResult | None:
    """Round upkeep: flat-footed ends after round 1, stances may expire, the round's attacks of
    opportunity and the turn's actions are counted afresh, the dying roll d%."""
    sheet = fighter.sheet
    remove: tuple[str, ...] = ("flat_footed",) if round_no >= 2 else ()
    if settings.stance_expiry == "round_start" or not sheet.turn_actions:
        # A stance lasts "po stejnou dobu" as the round's −4 (obranný boj), "do začátku tvé příští akce"
        # (zteč): at the latest until the start of the owner's next turn. A stance still on at a round's
        # start after a round in which its owner took no action outlived that turn (an unconscious, skipped
        # or absent character's): it ends now. (The bot's `start_turn` hook ends it on the turn itself.)
        remove += STANCES
    cleaned = with_conditions(sheet, remove=remove)
    ended = [c for c in STANCES if c in remove and c in sheet.turn_conditions]
    notes = [Note(key="stances_ended_round", params={"conditions": terms("condition", ended)})] if ended else []
    if cleaned.aoo_used or cleaned.turn_actions:
        cleaned = fast_copy(cleaned, {"aoo_used": 0, "turn_actions": []})
    if sheet_state(cleaned) == "dying" and settings.auto_stabilize_rolls:
        result = stabilise_roll(fighter.name, cleaned, settings, Roller(dice), "start_round")
        result.changes = diff(fighter.name, sheet, cleaned, HP_FIELDS) + result.changes
        result.notes = notes + result.notes
        return result
    if cleaned is sheet:
        return None
    return ActionResult(
        system=SYSTEM_ID,
        action="start_round",
        actor=fighter.name,
        outcome="upkeep",
        changes=diff(fighter.name, sheet, cleaned, HP_FIELDS),
        conditions=condition_list(cleaned),
        wound=sheet_state(cleaned),
        notes=notes,
        actor_sheet=cleaned.model_dump(),
    )


# --- simple actions -------------------------------------------------------------------------------
def kind_of(req: ActionRequest, kind: ActionKind) -> ActionKind:
    """The action's kind, or `readied` when it is the actor's readied action going off: "Připravit si
    můžeš standardní, pohybovou nebo volnou akci" (never a full-round one)."""
    if not getattr(req.options, "readied", False) or kind == "readied":
        return kind
    if kind == "full_round":
        raise RulesError("error.dnd35.readied_full_round")
    return "readied"


def acted(req: ActionRequest, kind: ActionKind, charge: bool = False) -> Sheet:
    """The actor, able to act, as an action of this kind (a charge: `charge`) starts, counted against its
    turn (`acting.begin_action`)."""
    sheet: Sheet = req.actor.sheet
    check_can_act(sheet)
    return begin_action(sheet, req.settings, kind_of(req, kind), charge)  # type: ignore[arg-type]


def total_defense(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Standard action: +4 dodge AC until your next action; "Úplnou obranu nemůžeš kombinovat s obranným
    bojem" — it ends the other stances."""
    sheet: Sheet = req.actor.sheet
    notes: list[Note] = []
    kind = kind_of(req, "standard")
    after = with_conditions(acted(req, kind), add=("total_defense",), remove=("charging", "fighting_defensively"))
    after = end_action(sheet, after, req.settings, kind, notes)  # type: ignore[arg-type]
    result = _result(
        req,
        "total_defense",
        outcome="total_defense",
        modifiers=[Modifier(key="ac_total_defense", value=TOTAL_DEFENSE_DODGE)],
        conditions=condition_list(after),
        notes=notes,
    )
    return _finish_actor(result, req.actor.name, sheet, after)


def start_turn(fighter: Fighter[Sheet], settings: Settings) -> ActionResult | None:
    """The start of the combatant's own turn (the bot's turn hook): with `stance_expiry = next_action` the
    stances end ("úhybný bonus … po stejnou dobu", the charge's −2 "do začátku tvé příští akce"), whether
    or not it acts on this turn."""
    sheet = fighter.sheet
    ending = [c for c in STANCES if c in sheet.turn_conditions]
    if settings.stance_expiry != "next_action" or not ending:
        return None
    cleaned = with_conditions(sheet, remove=STANCES)
    return ActionResult(
        system=SYSTEM_ID,
        action="start_turn",
        actor=fighter.name,
        outcome="upkeep",
        changes=diff(fighter.name, sheet, cleaned, HP_FIELDS),
        conditions=condition_list(cleaned),
        wound=sheet_state(cleaned),
        notes=[Note(key="stances_ended", params={"conditions": terms("condition", ending)})],
        actor_sheet=cleaned.model_dump(),
    )


def stand_up(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """ "Být sražený (na zemi): Podražená postava leží na zemi. Postavit se zpět na nohy je pohybová akce";
    in the table of actions "Postavit se z lehu | ano |": it provokes attacks of opportunity (a note: the
    GM rolls them with `/attack attack_of_opportunity`)."""
    sheet: Sheet = req.actor.sheet
    if "prone" not in sheet.all_conditions:
        raise RulesError("error.dnd35.not_prone", name=req.actor.name)
    kind = kind_of(req, "move")
    after = with_conditions(acted(req, kind), remove=("prone",))
    result = _result(
        req, "stand_up", outcome="stood_up", conditions=condition_list(after), notes=[note("stand_up_provokes")]
    )
    return _finish_actor(result, req.actor.name, sheet, after)


def withdraw(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """ "Ústup z boje nablízko je úplná akce. Když ustupuješ, můžeš se pohnout až o dvojnásobek své
    rychlosti. Čtverec, na kterém jsi začínal s ústupem, není ohrožován žádným protivníkem, kterého vidíš
    … (Neviditelní protivníci tyto příležitostné útoky nadále mají; dále platí, že nemůžeš ustupovat, když
    jsi slepý.)" "Omezený ústup: Pokud jsi omezený … můžeš ustoupit i standardní akcí. V takovém případě se
    můžeš pohnout jen svou rychlostí." The rules keep no map: the answer says how far and what provokes."""
    sheet: Sheet = req.actor.sheet
    if "blinded" in sheet.all_conditions:
        raise RulesError("error.dnd35.withdraw_blinded", name=req.actor.name)
    limited = bool(restricted(sheet))
    kind = kind_of(req, "standard" if limited else "full_round")
    notes: list[Note] = []
    after = end_action(sheet, acted(req, kind), req.settings, kind, notes)  # type: ignore[arg-type]
    feet = sheet.speed_ft if limited else 2 * sheet.speed_ft
    notes[:0] = [Note(key="withdraw_move", params={"feet": feet}), note("withdraw_no_aoo")]
    if limited:
        notes.insert(1, note("withdraw_restricted"))
    result = _result(req, "withdraw", outcome="withdrawn", conditions=condition_list(after), notes=notes)
    return _finish_actor(result, req.actor.name, sheet, after)


def delay_or_ready(action: str, req: ActionRequest) -> ActionResult:
    """Delay/ready: without `new_initiative` the combatant marks itself delaying / readies an action;
    with it, it acts on that count for the rest of combat (a readied action before the one that
    triggered it, a delayed one after the one whose turn it was). Neither while unconscious or dying:
    "nemůže použít žádnou speciální akci, která by snížila její pořadí iniciativy"."""
    sheet: Sheet = req.actor.sheet
    check_can_act(sheet)
    opts: Options = req.options  # type: ignore[assignment]
    marker = "delaying" if action == "delay" else "readied"
    if opts.new_initiative is None:
        if action == "delay" and sheet.turn_actions:
            # "Rozhodneš-li se pozdržet svou akci, neděláš nic do doby, než nastane ta iniciativa, kdy jsi se
            # sám rozhodl jednat": a delay is instead of this turn's actions, not after them.
            used = [Term("term", f"turn_{taken}") for taken in sheet.turn_actions]
            raise RulesError("error.dnd35.delay_after_acting", name=req.actor.name, used=used)
        start = acted(req, "ready") if action == "ready" else sheet
        after = with_conditions(start, add=(marker,))
        notes = [Note(key=f"{marker}_how", params={"name": req.actor.name})]
        result = _result(req, action, outcome=marker, conditions=condition_list(after), notes=notes)
    else:
        after = with_conditions(sheet, remove=("delaying", "readied"))
        result = _result(
            req,
            action,
            outcome="initiative_changed",
            total=opts.new_initiative,
            tiebreak=[READIED_TIEBREAK if action == "ready" else DELAYED_TIEBREAK],
            conditions=condition_list(after),
        )
    return _finish_actor(result, req.actor.name, sheet, after)


def stabilize(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """The dying actor's own d% roll ("Umírající postava … má každé kolo 10% šanci, že se stabilizuje"),
    never rolled for someone else: another combatant stabilises the dying one with a Heal check."""
    sheet: Sheet = req.actor.sheet
    if req.target is not None and req.target.name != req.actor.name:
        raise RulesError("error.dnd35.stabilize_own_roll", target=req.target.name, check=Term("action", "heal_check"))
    if sheet_state(sheet) != "dying":
        raise RulesError("error.dnd35.not_dying", name=req.actor.name, state=Term("wound", sheet_state(sheet)))
    settings: Settings = req.settings  # type: ignore[assignment]
    return stabilise_roll(req.actor.name, sheet, settings, Roller(dice), "stabilize")


def _target(req: ActionRequest) -> Fighter[Sheet]:
    if req.target is None:
        raise RulesError("error.dnd35.no_target")
    return req.target


def heal_action(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Heal `amount` HP (and as much nonlethal) on the target, or on yourself without a target."""
    opts: Options = req.options  # type: ignore[assignment]
    if opts.amount is None:
        raise RulesError("error.dnd35.amount_required")
    who = req.target or req.actor
    before: Sheet = who.sheet
    after = heal(before, opts.amount)
    result = _result(
        req,
        "heal",
        outcome="healed",
        total=opts.amount,
        wound=sheet_state(after),
        conditions=condition_list(after),
        changes=diff(who.name, before, after, HP_FIELDS),
        checks=[healing_check(opts.amount, before, after)],
    )
    if req.target is not None:
        result.target_sheet = after.model_dump()
    else:
        result.actor_sheet = after.model_dump()
    return result


def healing_check(amount: int, before: Sheet, after: Sheet) -> Check:
    """The healing as a line a player reads: the hit points given, and what they came to (the hit points
    regained, fewer at the maximum), side of the healer who gave them."""
    regained = after.hp - before.hp
    shown = check("healing", parts=[Part("healing_given", amount, "actor")])
    if regained != amount:
        add_step(shown, "max", "hp_max_reached", regained, "actor")
    return shown


def heal_check(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Heal check DC 15 (d20 + skills.heal) on a dying target: success → stable."""
    target = _target(req)
    sheet: Sheet = req.actor.sheet
    kind = kind_of(req, "standard")
    actor = acted(req, kind)
    roller = Roller(dice)
    face = roller.d(20, "heal_check")
    skill = sheet.skills.get("heal", 0)
    total = face + skill
    before: Sheet = target.sheet
    ok = total >= HEAL_DC
    after = (
        set_hp(before, conditions=[*before.conditions, "stable"]) if ok and sheet_state(before) == "dying" else before
    )
    result = _result(
        req,
        "heal_check",
        rolls=roller.rolls,
        modifiers=[Modifier(key="heal", value=skill)],
        total=total,
        against=HEAL_DC,
        against_key="heal_dc",
        margin=total - HEAL_DC,
        outcome="success" if ok else "failure",
        wound=sheet_state(after),
        conditions=condition_list(after),
        changes=diff(target.name, before, after, HP_FIELDS),
        checks=[
            d20_check(
                "heal_check",
                face,
                [Modifier(key="heal", value=skill)],
                "actor",
                fixed_check("heal_dc", HEAL_DC, "dc"),
                "success" if ok else "failure",
            )
        ],
    )
    if after is not before:
        result.target_sheet = after.model_dump()
    actor = end_action(sheet, actor, req.settings, kind, result.notes)  # type: ignore[arg-type]
    return _finish_actor(result, req.actor.name, sheet, actor)


# --- attack-like actions --------------------------------------------------------------------------
def _fight(req: ActionRequest, dice: DiceSource, kind: ActionKind = "standard") -> Fight:
    """A special action's shared state, the actor already acting (`acted`)."""
    target = _target(req)
    if not req.forced and sheet_state(target.sheet) == "dead":
        # As an attack on the dead is refused (the GM may force one): a trip, grapple, disarm … of a corpse
        # is no action of the fight.
        raise RulesError("error.dnd35.target_dead", name=target.name)
    kind = kind_of(req, kind)
    opts: Options = req.options  # type: ignore[assignment]
    actor = acted(req, kind, opts.charge)
    settings: Settings = req.settings  # type: ignore[assignment]
    return Fight(req, actor, target.sheet, opts, settings, Roller(dice), False, kind=kind)


def finish_actor(fight: Fight, result: ActionResult) -> ActionResult:
    """The actor's sheet after a special action of `fight.kind` (a disabled actor's 1 HP included)."""
    start: Sheet = fight.req.actor.sheet
    strain: list[Note] = []
    fight.actor = end_action(start, fight.actor, fight.settings, fight.kind, strain)
    result.notes = result.notes + strain
    return _finish_actor(result, fight.req.actor.name, start, fight.actor)


def aid_another(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """Attack roll vs AC 10 against the opponent; success → +2 to an ally's attack or AC (options.aid)."""
    fight = _fight(req, dice)
    weapon = pick_weapon(fight.actor, req.weapon, False)
    mods = base_mods(fight.actor, weapon, fight.actor.bab, False) + situation_mods(fight, weapon)
    bonus = sum(int(m.value) for m in mods)
    face = fight.roller.d(20, "attack")
    ok = hits(face, bonus, 10)
    notes = [Note(key=f"aid_{fight.opts.aid}", params={"bonus": AID_BONUS})] if ok else []
    # "Provedeš hod na útok proti TZ 10"
    shown = d20_check(
        "attack", face, mods, "actor", fixed_check("aid_ac", 10, "ac_base", "target"), attack_outcome(face, ok)
    )
    result = _result(
        req,
        "aid_another",
        weapon=weapon.name,
        rolls=fight.roller.rolls,
        modifiers=mods,
        total=face + bonus,
        against=10,
        against_key="aid_ac",
        margin=face + bonus - 10,
        outcome="success" if ok else "failure",
        notes=notes,
        checks=[shown],
    )
    result = finish_actor(fight, result)
    result.notes = result.notes + fight.notes
    return result


def coup_de_grace(req: ActionRequest, dice: DiceSource) -> ActionResult:
    """ "Bezmocnému protivníkovi můžeš úplnou akcí zbraní nablízko zasadit tzv. ránu z milosti …
    Automaticky ho zasáhneš, navíc automaticky kriticky. Pokud obránce přežije způsobené zranění, musí
    uspět v hodu na záchranu na Výdrž (TO 10 + udělené zranění) nebo zemře." A full-round action
    (refused under restricted activity), only against a helpless target (its sheet or the `helpless`
    flag), never against one immune to criticals; it provokes attacks of opportunity (a note)."""
    if req.target is not None and "helpless" not in effective_conditions(req.target.sheet):
        if not req.options.helpless:  # type: ignore[attr-defined]
            raise RulesError("error.dnd35.target_not_helpless")
    fight = _fight(req, dice, "full_round")
    if fight.target.crit_immune:
        raise RulesError("error.dnd35.crit_immune")
    named = None
    if req.weapon:
        named = fight.actor.find_weapon(req.weapon) or table_weapon(req.weapon, fight.actor.size)
    # a bow or crossbow may deliver it when adjacent (TEXT); otherwise a melee weapon
    bow = named is not None and named.category == "projectile"
    weapon = pick_weapon(fight.actor, req.weapon, bow)
    grip = "two" if weapon.category == "two_handed" else "one"
    kind, _ = nonlethal_mode(fight.actor, weapon, fight.opts)
    damage, shown = roll_damage(fight, Swing(weapon, [], grip), True, kind)
    checks = [shown]
    before = fight.target
    after = apply_damage(before, damage.applied, kind, fight.settings.temp_hp_absorb_nonlethal)
    notes: list[Note] = []
    if sheet_state(after) != "dead":
        face = fight.roller.d(20, "fort_save")
        dc = 10 + damage.applied
        total = face + after.fort_save
        saved = face == 20 or (face != 1 and total >= dc)
        # "hod na záchranu na Výdrž (TO 10 + udělené zranění)": the DC's parts are the rule's 10 and the
        # damage the actor dealt
        dc_check = check(
            "coup_de_grace_dc",
            side="other",
            parts=[Part("dc_base", 10, "other"), Part("damage_dealt", damage.applied, "actor")],
        )
        checks.append(fort_save_check("fort_save", face, after.fort_save, dc_check, "target", saved))
        notes.append(
            Note(
                key="coup_de_grace_saved" if saved else "coup_de_grace_killed",
                params={"roll": face, "total": total, "dc": dc},
            )
        )
        if not saved:
            after = set_hp(after, conditions=[*after.conditions, "dead"])
    notes.append(note("coup_de_grace_provokes"))
    result = _result(
        req,
        "coup_de_grace",
        weapon=weapon.name,
        rolls=fight.roller.rolls,
        outcome="crit",
        damage=damage,
        wound=sheet_state(after),
        conditions=condition_list(after),
        changes=diff(_target(req).name, before, after, HP_FIELDS),
        notes=notes + fight.notes,
        checks=checks,
    )
    result.target_sheet = after.model_dump()
    return finish_actor(fight, result)


def _tie_outcome(mine: int, theirs: int, settings: Settings) -> str:
    if settings.opposed_tie_rule == "defender_wins":
        return "tie_defender_wins"
    if mine != theirs:
        return "tie_higher_modifier" if mine > theirs else "tie_lower_modifier"
    return "tie_reroll"


def _opposed(
    roller: Roller,
    purpose: str,
    mine: list[Modifier],
    theirs: list[Modifier],
    settings: Settings,
    checks: list[Check],
    flip: bool = False,
) -> tuple[bool, list[int]]:
    """Opposed check: higher total wins; tie → higher modifier, then re-roll (or the defender wins).
    Every pair of rolls is a check (label `purpose`) against the defender's (`<purpose>_defender`)."""
    me: Side = "target" if flip else "actor"
    them = other(me)
    bonus_mine = sum(int(m.value) for m in mine)
    bonus_theirs = sum(int(m.value) for m in theirs)
    while True:
        a = roller.d(20, f"{purpose}_attacker")
        b = roller.d(20, f"{purpose}_defender")
        ta, tb = a + bonus_mine, b + bonus_theirs
        if ta != tb:
            won = ta > tb
            outcome = "opposed_won" if won else "opposed_lost"
        else:
            outcome = _tie_outcome(bonus_mine, bonus_theirs, settings)
            won = outcome == "tie_higher_modifier"
        versus = d20_check(f"{purpose}_defender", b, theirs, them, None, None)
        checks.append(d20_check(purpose, a, mine, me, versus, outcome))
        if outcome != "tie_reroll":
            return won, [ta, tb]
