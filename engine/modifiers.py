"""Capabilities (5.3) and Momentum (5.4): how each lasting Event text modifies a rule, at the exact
point where the rule is applied. The Operations and Special Activities call these small
functions; each one names the rule it modifies and the card(s) that modify it.

Capabilities are read from ``s.cards["capabilities"]`` (card number -> side: the unshaded side is
the Government marker, the shaded side the FLN marker, 5.3) and last for the rest of the game unless
#30 Change in Tactics removes them; Momentum from ``s.cards["momentum"]`` (until the Reset Phase of
the next Propaganda Round, 6.5; any number at once, numeric modifiers summed, 5.4).
"""

from __future__ import annotations

from .board import control, is_border_sector, police, troops
from .data import AP, AT, CITIES, FB, FP, FT, GB, SPACES
from .events import capability, momentum_active
from .state import State

# Card numbers (ct-cards.json).
BALKY_CONSCRIPTS = 2
PEACE_OF_THE_BRAVE = 5
CROSS_BORDER_AIR_STRIKE = 8
MOUDJAHIDINE = 10
BANANES = 11
VENTILOS = 12
SAS = 13
COMMANDOS = 17
TORTURE = 18
COVERT_MOVEMENT = 27
THE_CALL_UP = 29
INTIMIDATION = 31
TALEB = 32
OVERKILL = 33
NAPALM = 35
STRATEGIC_MOVEMENT = 40
PARANOIA = 44
CHALLE_PLAN = 45
MOGHAZNI = 46
POPULATION_CONTROL = 53
HARDENED_ATTITUDES = 56
PEACE_TALKS = 57

UNSHADED, SHADED = "unshaded", "shaded"

TROOP_LIFT_SPACES = 3  # 4.2.2
TRAIN_CUBES = 4  # 3.2.1
PACIFY_SPACES = 1  # 3.2.1
NEUTRALIZE_PIECES = 2  # 4.2.3
ASSAULT_COST = 2  # 3.2.4


def gov_capability(s: State, card: int) -> bool:
    """The Government-side (unshaded) marker of ``card`` is in effect (5.3)."""
    return capability(s, card) == UNSHADED


def fln_capability(s: State, card: int) -> bool:
    """The FLN-side (shaded) marker of ``card`` is in effect (5.3)."""
    return capability(s, card) == SHADED


# --- 4.2.2 Troop Lift ------------------------------------------------------------------------


def troop_lift_spaces(s: State) -> int:
    """4.2.2: Troop Lift selects up to 3 spaces; Momentum #8 shaded (-1), #11 unshaded (+2),
    #12 unshaded (+1) and #40 shaded (-1) add up (5.4). Below 2 nothing can move."""
    n = TROOP_LIFT_SPACES
    n -= momentum_active(s, CROSS_BORDER_AIR_STRIKE, SHADED)
    n += 2 * momentum_active(s, BANANES, UNSHADED)
    n += momentum_active(s, VENTILOS, UNSHADED)
    n -= momentum_active(s, STRATEGIC_MOVEMENT, SHADED)
    return max(0, n)


# --- 4.2.1 Deploy ------------------------------------------------------------------------------


def deploy_pieces(s: State) -> tuple[str, ...]:
    """4.2.1: Deploy moves French Troops, Police and Bases; Momentum #2 shaded (Balky Conscripts,
    "Pas avec moi") forbids any move of French Police by Deploy."""
    if momentum_active(s, BALKY_CONSCRIPTS, SHADED):
        return (FT, GB)
    return (FT, FP, GB)


# --- 3.2.1 Train -------------------------------------------------------------------------------


def train_cubes(s: State) -> int:
    """3.2.1: up to 4 Algerian cubes per Train space; Momentum #29 shaded (The Call Up): 2."""
    return 2 if momentum_active(s, THE_CALL_UP, SHADED) else TRAIN_CUBES


def pacify_spaces(s: State) -> int:
    """3.2.1 (and 5.1.7): Pacify in one selected space; Capability #13 unshaded (SAS): in up to
    two."""
    return 2 if gov_capability(s, SAS) else PACIFY_SPACES


def train_barred(s: State, n: str) -> bool:
    """Momentum #56 (Hardened Attitudes): the Government may not Train in a Sector that is not at
    Support (Cities and the Tracks unaffected)."""
    return (momentum_active(s, HARDENED_ATTITUDES) and SPACES[n].is_sector
            and s.spaces[n]["support"] != "support")


def moghazni_sector(s: State, n: str) -> bool:
    """Momentum #46 unshaded (Moghazni): any Sector at Support under Government Control may also
    be selected for Train (Algerian Police only there, see ``ops_gov.Train``)."""
    return (momentum_active(s, MOGHAZNI, UNSHADED) and SPACES[n].is_sector
            and s.spaces[n]["support"] == "support" and control(s, n) == "gov")


# --- 3.2.2 Garrison / 3.2.3 Sweep: Activation --------------------------------------------------


def cube_activation(s: State, n: str, algerian: int, french: int) -> int:
    """3.2.2/3.2.3: one Guerrilla per cube, one per two cubes in Mountain spaces (round down);
    Capability #17 unshaded (Commandos de Chasse): in Mountain Sectors each Algerian cube
    Activates one, French cubes still one per two."""
    if not SPACES[n].mountain:
        return algerian + french
    if gov_capability(s, COMMANDOS):
        return algerian + french // 2
    return (algerian + french) // 2


def garrison_activation(s: State, n: str) -> int:
    """3.2.2: the Police cubes in the Activation space (before the Underground limit)."""
    p = s.spaces[n]["pieces"]
    return cube_activation(s, n, p[AP], p[FP])


def sweep_activation(s: State, n: str) -> int:
    """3.2.3: every cube in a swept space; Momentum #45 shaded (Challe Plan, worse coordination):
    Troops and Police may not combine – the Government counts one type or the other, the one that
    Activates more (interpretation: 3.1 "to the maximum extent")."""
    p = s.spaces[n]["pieces"]
    if momentum_active(s, CHALLE_PLAN, SHADED):
        return max(cube_activation(s, n, p[AT], p[FT]), cube_activation(s, n, p[AP], p[FP]))
    return cube_activation(s, n, p[AT] + p[AP], p[FT] + p[FP])


# --- 3.2.4 Assault -----------------------------------------------------------------------------


def assault_cost(s: State) -> int:
    """3.2.4: 2 Resources per Assault space; Capability #35 shaded (Scorch the countryside): 3."""
    return 3 if fln_capability(s, NAPALM) else ASSAULT_COST


def assault_max_spaces(s: State) -> int | None:
    """Capability #13 shaded (SAS, Caution): at most 1 Assault space per card – enforced per
    Assault Operation, the Government acting at most once per card (interpretation)."""
    return 1 if fln_capability(s, SAS) else None


def assault_banned(s: State) -> bool:
    """Momentum #57 (Peace Talks): the Government may not conduct Assault (no Event grants a
    free Assault, so the 5.1.2 exception never arises)."""
    return momentum_active(s, PEACE_TALKS)


def assault_cubes(s: State, n: str) -> int:
    """3.2.4, 1.3.7: the cubes that count for an Assault – Troops, plus Police in Cities and
    Border Sectors; Momentum #45 unshaded (Challe Plan): Police count as Troops everywhere;
    #45 shaded: Troops and Police never combine (the larger is counted, interpretation)."""
    t, p = troops(s, n), police(s, n)
    if not (n in CITIES or is_border_sector(s, n) or momentum_active(s, CHALLE_PLAN, UNSHADED)):
        return t
    if momentum_active(s, CHALLE_PLAN, SHADED):
        return max(t, p)
    return t + p


def napalm(s: State, n: str) -> bool:
    """Capability #35 unshaded (Napalm): in a Mountain Sector each counted cube removes one Active
    Guerrilla (Bases still need two cubes each)."""
    return gov_capability(s, NAPALM) and SPACES[n].mountain


def amnesty(s: State) -> bool:
    """Momentum #5 unshaded (Peace of the Brave): in each space selected for Sweep or Assault the
    Government may pay 1 Resource to remove 1 Guerrilla (Active or Underground) to Available."""
    return momentum_active(s, PEACE_OF_THE_BRAVE, UNSHADED)


def revenge(s: State) -> bool:
    """Capability #33 shaded (Overkill, Revenge!): after each Assault Operation the FLN may place
    1 Available Guerrilla Underground in one of its spaces."""
    return fln_capability(s, OVERKILL)


# --- 4.2.3 Neutralize --------------------------------------------------------------------------


def neutralize_pieces(s: State) -> int:
    """4.2.3: up to 2 Active pieces in all; Capability #33 unshaded (Overkill): up to 4."""
    return 4 if gov_capability(s, OVERKILL) else NEUTRALIZE_PIECES


def torture(s: State) -> bool:
    """Capability #18 (Torture, 5.3.2): each Neutralize costs 1 Commitment, and in each of its
    spaces 1 additional FLN piece may be removed (even Underground)."""
    return capability(s, TORTURE) is not None


# --- FLN Operations and Special Activities ----------------------------------------------------


def rally_bases(s: State, n: str) -> int:
    """3.3.1: the FLN Bases a Rally counts in ``n``; Momentum #10 shaded (Moudjahidine): an
    FLN-Controlled space without a Base counts as having 1 (Rally placement options only)."""
    b = int(s.spaces[n]["pieces"][FB])
    if b == 0 and momentum_active(s, MOUDJAHIDINE, SHADED) and control(s, n) == "fln":
        return 1
    return b


def march_may_continue(s: State) -> bool:
    """3.3.2: a group may March on within its Wilaya; Capability #27 unshaded (Dead Zones): a
    group that has made a March move may not March on."""
    return not gov_capability(s, COVERT_MOVEMENT)


def march_barred(s: State, a: str, b: str) -> bool:
    """Momentum #44 unshaded (Paranoia): no March from one Wilaya into a Sector or City of another
    (moves into or out of a Country stay legal)."""
    if not momentum_active(s, PARANOIA, UNSHADED):
        return False
    wa, wb = SPACES[a].wilaya, SPACES[b].wilaya
    return wa is not None and wb is not None and wa != wb


def march_city_activation(s: State, b: str, cubes_before: int) -> bool:
    """Momentum #53 unshaded (Population Control): a group Marching into a City with more than 2
    Government cubes (counted before it enters) is set Active."""
    return momentum_active(s, POPULATION_CONTROL, UNSHADED) and b in CITIES and cubes_before > 2


def terror_sets_neutral(s: State) -> bool:
    """3.3.4: Terror sets the space to Neutral; Momentum #31 unshaded (Intimidation): it does
    not."""
    return not momentum_active(s, INTIMIDATION, UNSHADED)


def terror_underground(s: State, n: str) -> int:
    """3.3.4: Terror needs and Activates 1 Underground Guerrilla; Capability #32 unshaded (Amateur
    Bombers): 2 in a City."""
    return 2 if n in CITIES and gov_capability(s, TALEB) else 1


def terror_cost(s: State, n: str) -> int:
    """3.3.4: 1 Resource per Terror space; Capability #32 shaded (Taleb, effective): 0 in a
    City."""
    return 0 if n in CITIES and fln_capability(s, TALEB) else 1


def extort_barred(s: State, n: str) -> bool:
    """Momentum #56 (Hardened Attitudes): no Extort in a Sector without an FLN Base (Cities and
    the Countries unaffected)."""
    return (momentum_active(s, HARDENED_ATTITUDES) and SPACES[n].is_sector
            and s.spaces[n]["pieces"][FB] == 0)


def attack_banned(s: State) -> bool:
    """Momentum #57 (Peace Talks): the FLN may not conduct Attack (hence no Ambush either)."""
    return momentum_active(s, PEACE_TALKS)


def ambush_activates(s: State) -> bool:
    """4.3.3: an Ambush Activates one Underground Guerrilla; Capability #17 shaded (Zonal
    Commandos): it does not."""
    return not fln_capability(s, COMMANDOS)


def cross_wilaya(s: State) -> bool:
    """6.4.2: Guerrillas Redeploy within their Wilaya; Capability #27 shaded (Cross-Wilaya
    Coordination): from any Algerian space to any Algerian space with an FLN Base."""
    return fln_capability(s, COVERT_MOVEMENT)
