#!/usr/bin/env python3
"""reichstag-scenario.py - assemble scenarios/race-to-the-reichstag.yaml

    scenarios/tools/reichstag-scenario.py            write the scenario
    scenarios/tools/reichstag-scenario.py --stdout   print it instead

The scenario is made of the header below (ids, the
provisional list, the notes with every reading chosen, the options) and
the drafted data beside this script: reichstag/map.yaml (the map block,
pasted as it stands), reichstag/oob.yaml (units, markers, the set-up
draws) and reichstag/crt.yaml if it exists (the two combat results
tables, 27.1 and 27.2, written by the combat branch). `make check-data`
checks that the committed scenario is what this script writes, so edit
the parts here or in reichstag/, never the scenario itself.
"""
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "race-to-the-reichstag.yaml")

HEADER = """\
umpire: scenario/1
id: race-to-the-reichstag
rules: race-to-the-reichstag
version: 3
title: "Race to the Reichstag: Berlin, 1945"
title_ja: "レース・トゥ・ザ・ライヒスターク: ベルリン1945"
"""

PROVISIONAL_HEAD = """\
provisional:
  - the whole map (terrain, water, roads and railways, the sector line,
    the objective hexes, the edges, entry and set-up regions) is a
    reconstruction from the geography of Berlin, not the printed map
    (scenarios/tools/reichstag/NOTES.md); only the place names the rules
    give (the Reichstag, Potsdam, the three flak towers, the Havel) are
    the text's
"""

NOTES = """\
notes: |
  Source: the Japanese rules summary (rulebooks/race-to-the-reichstag.ja.txt,
  the authority), outlined in design/race-to-the-reichstag/RULES.md; section
  numbers are the summary's. The summary is abridged: sections it skips are
  gaps. Readings chosen where the text is ambiguous (each pinned by a
  conformance case in tests/conformance/race-to-the-reichstag/ once the
  rule is implemented):
  - Command (3.x, 4.0): the 1bf player commands the 1st Belorussian Front
    and the Germans in the 1UF sector; the 1uf player the 1st Ukrainian
    Front and the Germans in the 1BF sector. The German player turn "1UF
    German" (4.0 II) is the 1uf player's; "1BF German" (IV) the 1bf's.
  - Hidden information (GAP.md 2.1): a player sees every Soviet unit
    (17.2), every German he commands (face-down ones he placed included),
    and of the other Germans only the top counter of each stack (17.1),
    a face-down one as a blank counter. The top of a stack is the counter
    that entered the hex last. The cup's remainder and the other player's
    drawn counters are never shown. A counter examined (17.1, 17.3) stays
    known to that player.
  - 3.4 and 16.10: the three Reichstag counters stay undecided: three
    counters of the cup are reserved for them and never lent to another
    draw; they are drawn (publicly) when first revealed. Drawing them
    then gives the same chances as drawing them at set-up, and no player
    or referee can know them before (GAP.md 2.2 (3)).
  - 3.5, 3.6: each counter is drawn so that only the drawer sees it
    (referee mode; in honour mode the file holds everything and reports
    say so) and placed face down by the drawer, one answer a counter
    ("UNIT HEX"), in the German land of the other front's sector, never
    in the Reichstag (5.6), at most three Germans a hex (10.3, 3.1).
  - 3.7: the 1BF player draws the 4 garrison units (a public draw: they
    are placed face up) and places them in the 1UF sector; the 1UF player
    places the other 7 in the 1BF sector. "Within the sector" is its
    German land (any hex of the sector but the Reichstag).
  - 3.9, 3.10: the groups go anywhere in the German land of the sector.
  - 3.11, 3.12: "within 2 hexes of the edge" is the edge row and the next
    (the map's setup regions).
  - 9.3: one 1d6 roll a German movement phase, +1 a face-up command post
    in that sector (16.2), the same allowance for every German mobile
    unit there.
  - 9.0, 11.4: a unit that enters an enemy ZOC stops; no move from one
    enemy ZOC hex to another. 11.5: a unit that begins its move in an
    enemy ZOC disengages: its first hex is an adjacent hex in no enemy
    ZOC, and it may not enter an enemy ZOC in that phase.
  - 9.10: a road or railway hexside costs 1 MP whatever the hex.
  - 10.2: a hex holds one corps or one division plus one unit that is
    neither, or two units smaller than a division; 10.3: three Germans.
  - 11.0 (2), 5.6: no Soviet ZOC into objective hexes or the Reichstag;
    no German ZOC into or out of the Reichstag; no ZOC across the
    boundary (map data).
  - 21.1, 4.0 V.A: the game ends at the interphase of the first GT in
    which a Soviet unit stands in the Reichstag.
  - 21.2: an objective hex (and the Reichstag) is controlled by the
    front whose unit last entered it, until a German unit enters it.
  - 21.4, 21.5: more VP wins, a tie goes to the 1UF; if no front
    controls the Reichstag at the end, or both totals are 0 or less,
    the Germans win and both players lose.
  - 21.1, 21.5: the German victory opens "5月2日終了時に" (at the end
    of 2 May), so it is judged only then; a sudden-death end before
    it is judged on the VP alone (21.4): the 1BF in the Reichstag at
    -10 loses to the 1UF at 0. A sudden-death end in the interphase of
    2 May is the end of 2 May: both clauses apply there.
  - 6.5 against 27.3: forced march costs 1 SP for +3 MP (6.5).
  - 7.4 against 5.5: the Reichstag is no sector's objective hex for the
    German reinforcement draw.
  - 22.0 and 23.0 may not be combined: the game refuses both options.
  - 3.5, 3.6 by mail: a step may not begin with a draw, so the drawer
    orders it ("draw"); the standing order "place: auto" then places each
    counter in the same step by the placement policy of umpire-orders(5)
    (among the legal hexes of its zone: never a corner of the map while
    another is legal, the fewest of the placer's units in the hex, the
    nearest objective hex of the zone, or of the map when the zone has
    none, one hex farther for each of his units within 2 hexes; then hex
    order), else one answer a counter ("UNIT HEX"; an order template made
    from a view lists only the first: add one line a counter).
  - 9.0 by mail: a standing "move" names its phase: "move-front" for the
    player's front, "move-german" for the Germans he commands; a bare
    "move" serves only the first movement phase its step reaches (the
    phase it was written for), so a "done" meant for one phase never
    ends the other.
  - 17.1: the top of a German stack is the counter that entered the hex
    last. What a player examined stays known to him until that unit
    moves. A flip (16.8) and the revealed garrison (16.10) are public.
  - 16.8 (2): every face-down counter next to a Soviet unit turns face up
    at the start of any combat phase (German ones too); 16.10: the
    Reichstag garrison only at the start of a Soviet combat phase. The
    revealed garrison belongs to both sectors and to no player.
  - GAP.md 2.2 (5): every fixed counter, face down or not, is a unit with
    a zone of control and counts for stacking, so that the legal moves
    never tell a marker from a fighting unit.
  - 16.6, 12.13, 21.2: a strategic marker is such a unit of strength 0,
    but 12.13 does not remove it: the rules call it a marker
    ("戦略マーカー") and give it its own way off the map, capture by
    attacking its hex and advancing into it (21.2; 5.6 and 16.10 say the
    same of the Reichstag), which removal at the start of the combat
    phase would make impossible outside the objective hexes (and the
    Fuehrerbunker's 26.1 with it). A lone marker next to a Soviet unit is attacked as
    12.0 requires: no defence strength, the table's top column; a
    result that eliminates it and lets the attacker advance captures it.
  - 10.0: a move or placement over the stacking limit is refused (the
    owner's choice of losses applies only where no legal hex is left).
  - 9.0: the lake hexes of the map are prohibited terrain.
  - 4.0 I.A and 7.1: the commander "decides whether to take"
    reinforcements and replacements (4.0), but a reinforcement is
    "delayed only if it cannot enter" (7.1): every reinforcement due
    enters (one answer a unit, a hex of its entry region), and the choice
    of 4.0 is the replacements' (8.2).
  - 7.3: the draw is seen by the drawer alone; the counter goes within 1
    hex of a German unit of the sector, in no Soviet ZOC; if no hex is
    legal it goes back into the pool. A sniper drawn may instead be kept
    in hand (16.5, below).
  - 7.4: "occupy all the objective hexes" is read as control (21.2): a
    Soviet front controls each; a German re-entry ends it.
  - The Japanese text was checked against the outline for every section
    implemented here (3.x, 4.0, 5.x, 9.x, 10.x, 11.x, 16.8, 16.10, 21.x):
    no difference was found.
  Combat (12-14, 18, 19; the tables 27.1, 27.2 are data.crt-mobile and
  data.crt-assault, transcribed from the Japanese text):
  - 12.0: German attacks are owed too (4.0 II.C "may attack" names the
    phase; 11.0 (2) says Germans in an objective hex "need not attack",
    so elsewhere they must). A unit owes an attack only while it is in
    an enemy ZOC and can still make one; an enemy must be attacked only
    by such units. Each unit attacks once a phase; a unit attacked once
    is attacked again only after it has retreated (13.5).
  - 12.10: the units of one hex that can attack attack together.
  - 12.18: a defending hex gets its river doubling only when every
    attacker next to it attacks across water (each across some river,
    canal or lake hexside of that hex); an intact bridge is "other
    terrain" (TEC) and gives nothing.
  - 12.19, 12.20: one terrain doubling at most; doublings add (two make
    x3), and x3 is the ceiling: a German mobile unit in an objective hex
    near a flak tower defends at x3.
  - 12.23: "strongest" and "half" read printed strengths (attack for
    attackers, defence for defenders); the owner chooses among equals.
    AR: the attacking units retreat (the translator's query).
  - 13.4, 13.6: a fixed German in an objective hex ignores a retreat; a
    mobile German there may stay or retreat; one retreating from AP/DP
    may stop in an objective hex it enters.
  - 16.10: the player who does not attack commands the Reichstag
    garrison in that combat (as he commands every defender).
  - 18.1, 9.0: the check is made at once on entering a bridge hex
    (「直ちに」), and nothing in 18.x or 9.0 ends the unit's move: it
    keeps the MPs it has left. A move whose path crosses a bridge just
    destroyed goes on across the now unbridged river at its cost (+3)
    when the MPs left pay for the rest of the path, each step checked
    as a move checks it (the report says it goes on). When they do not,
    the move stops in that hex (reading: the path was chosen over the
    bridge; the player, at the table, would choose again): the report
    says why, the unit keeps its MPs, and a further move of it that
    phase may go on, across the river or elsewhere. Not when it stands
    in an enemy ZOC there (11.4) or disengaged (11.5); a forced march
    (6.5) is declared only as its first move begins. Saved as mp-spent
    (whole MPs).
  - 19.1, 19.2: an engineer where it stands at the combat phase's start
    makes the water hexsides of its hex, and those touching its hex
    at a corner, count as bridged for its front's advances and cancels
    the river doubling against its front's attacks.
  - 19.1, 19.2 in movement: at the start of his Soviet movement phase
    the player names the engineers he puts in place (answer engineer:
    UNIT [UNIT ...], or none, the standing answer; it is given in the
    same order file as the moves). They do not move that phase, and the
    unbridged river, canal or lake hexsides of each one's hex and those
    touching its hex at a corner count as bridged for that front's
    moves: +0 MP, but without a road's rate ("reduce the crossing
    cost" is not quantified; the advance's "regard as bridged" is
    used).
  Standing answers for the choices of the player who does not attack:
  lose default (12.23 half: the least printed strength that meets
  half, among equal losses the fewest units, which costs the enemy
  fewer VP (21.2) and the owner fewer replacements (8.2); the first of
  equal strongest), retreat auto (the first whole retreat), stay (13.6),
  advance no or auto. Given in his latest order file they stay in force (see
  kept standing orders below), so the attacker's step needs no mail
  from him; without them, or with any other answer, he is asked. An
  attack answer may be a plan, attacks joined by ";": it declares the
  first of them legal now, so a plan given as the standing answer to
  "attack" makes the attacks one at a time in its order.
  - 14.0 advance auto (reading: the simplest advance a player of the
    table game makes, into the hex the defender left): one unit, one
    hex. Of the combat's mobile units (14.0: fixed units never advance)
    that may enter a hex the enemy vacated, the strongest by printed
    strength (attack for the attackers, defence for the defenders, as
    12.23 counts losses; among equals the first the combat lists) moves
    into the first such hex it may enter and stops there, even after DP
    or OR (2, 3 hexes): going farther, 14.5's water and 18.1's bridges
    on the way, or a second unit joining it are choices it leaves to an
    answer. Nothing advances when no hex was vacated (13.6 stay, 16.10)
    or none may be entered (12.13's zero hexes, 5.6, 5.5, stacking,
    prohibited terrain). Kept like the other policies and scoped
    (advance-front-attacker: auto advances after one's own attacks
    only; a German defender leaving an objective hex is the
    advance-german-defender scope's choice).
  - 13.6 against the TEC ("Germans ignore retreat results" in objective
    hexes): 13.6's "may retreat but need not" governs; staying is the
    standing answer.
  - The Japanese text was checked against the outline for 12.x-14.x,
    18.x, 19.x and the tables 27.1, 27.2: no difference was found (the
    tables' garbled rows are sorted by result code, crt.yaml's header).
  STAVKA points, barrage, exhaustion (6.x, 8.2, 15.x, 17.4, 20.x):
  - 6.2: the cap is shared: a spend that would take the two players'
    total past 100 is refused (6.2 named). Every spend is a public report
    line; each SP is -1 VP for its spender (21.3, 27.4).
  - 6.5 against 27.3 (Japanese text: 6.5 "1SP消費で、1ユニットの移動力3増",
    27.3 "強行軍 各ユニット=3"): 1 SP a unit for +3 MP (9 MP, 9.2; 12
    for high-mobility units under option 25.2); 27.3's "3" is read as
    the MP gained. It is declared with the move ("UNIT ... forced"), as
    6.5 says "when the unit begins to move"; once a unit a phase.
  - 6.7: asked at the start of each Soviet PT while unused and
    affordable (standing answer no); the movement phase becomes a combat
    phase (the same combat phase run twice: 16.8 flips at the start of
    each); barrage phase B is kept.
  - 27.3: a corps costs 4 to replace (the table names tank and
    mechanized corps; the OOB has no other corps), any other unit 2.
    Exhausted: every cost doubled (20.3), the 10 SP of 6.7 too.
  - 8.2: a replaced unit enters with that phase's reinforcements (7.1
    placement, "place"), in its own zone; the player replaces one unit an
    answer (standing answer done: none).
  - 15.2: a barrage zone is counted in plain hex distance and holds only
    hexes of the marker's own sector (the Reichstag is in both). 15.3:
    "once per GT" is kept by the GT a marker was last placed; it may be
    placed again on a later GT after its removal (15.8).
  - 15.4: +1 MP for each zone hex a German mobile unit enters, whichever
    front's zone (each zone lies in its own sector); zones do not add.
    Retreats and advances pay nothing.
  - 17.4: an air marker placed "MARKER HEX recon" examines every German
    unit in the zone it would have (identities to that player alone; the
    Reichstag's undecided counters are not looked at) and leaves the map
    at once, spent for the GT; it costs what the strike would (2 SP).
  - 20.2: "the Soviet corps and divisions in the eliminated pile" is read
    as the front's own; 2d6 strictly less than that count exhausts.
  Fixed units, fog of war and the options (16.x, 17.3, 22-26):
  - 16.8 (1) "at any time" by mail: the placer is asked at the start of
    each German player turn he commands, before the movement roll (so a
    command post he turns up counts at once, 16.2); standing answer none.
  - Kept standing orders (two mails a game turn): the questions the
    rules ask a player in the other player's step, or at the start of
    his own player turn right after it, are answered by the standing
    order of his latest order file when it is a policy that is legal
    whatever is hidden: as defender lose default, retreat auto, stay
    stay or retreat, advance no or auto (12.23-14.0); flip none (16.8), depot
    none (16.3), sniper hold (16.5), place auto (3.x, 7.x), enter auto
    (22.1), max-effort no (6.7), replace done (8.2), barrage done
    (15.0), recon none (17.3), engineer none (19.2). Any other standing answer is not kept: he is asked (a mail).
    So the German player turn he commands reaches his mail only at its
    movement, after the 7.3 draw and the 9.3 roll, and his mail for it
    carries the German movement and combat and the start of his own
    front's player turn; the second mail is that front's movement and
    combat. To declare a Maximum Effort, give max-effort yes as a
    standing order in the mail before that player turn.
  - 16.3, 16.7: "the other player's" eliminated units are the German
    units eliminated in the airfield's or depot's sector (the dead pile
    of the Germans this commander leads). The airfield brings back up to
    2 fixed infantry (as many as there are) and, unlike the depot (16.7
    "ignoring EZOC"), not into an enemy ZOC. Units come back face up.
    Used, the airfield or depot is removed for good. Standing answer none.
  - 16.3: an airfield is placed on a hex with a road hexside or an
    airfield hex.
  - 16.x and the Japanese text: it was checked for 16.x, 17.x and 22-26
    and agrees with the outline; 5.6 adds that fixed units in the
    Reichstag hex use no special ability: the garrison belongs to no
    sector, so no command post, depot or airfield there acts.
  - 16.5: a sniper drawn (set-up, 7.3) may be placed as its draw places
    it or kept in hand ("UNIT hold"); one in hand is seen by its holder only
    and is placed face down in a later German reinforcement phase of
    his, within 4 hexes of a German unit other than a sniper that he
    commands, in that sector, in any hex a German may stand in (the
    Soviet ZOC and the far side of the Soviet line included). Standing
    answer hold. A sniper placed at once when drawn goes where its draw
    places counters (3.5, 3.6, 7.3), not by 16.5's 4 hexes.
  - 17.3: the radius counts plain hex distance and keeps only hexes of
    the recon unit's sector (the Reichstag is in both), as for flak and
    barrage. Only hexes with German counters are offered. Face-down
    units there turn face up for both players; the rest of the stack is
    told to the recon player alone and stays known to him until the unit
    moves (17.1). The Reichstag chosen: its garrison is drawn and turns
    face up. Standing answer none.
  - 22.1-22.3: the group of a sector (Steiner in the 1BF sector, XX
    Corps in the 1UF sector) is commanded by the player who commands
    that sector's Germans: "commanded by the 1BF commander" is read as
    "against the 1BF", since everywhere else (3.x, 4.0, 7.3, 23.1) a
    player commands the Germans of the other front's sector. At the start
    of a German PT come the 22.1 roll, the flips (16.8 (1)), the fixed
    units' powers (16.3, 16.7, snipers held since an earlier phase), then
    the reinforcement draw (7.3). Entry hexes: standing answer auto,
    the placement policy of place: auto among the free entry hexes
    (umpire-orders(5), PLACEMENT POLICY). The Me-262 marker is the
    group's commander's (22.5): he may place it at the start of a German
    combat phase of the group's sector, in that sector (radius 2, as an
    air strike), and it leaves the map at the phase end; standing answer
    none.
  - 23.3 (printed as a second 23.2): replacements at half price; "an
    exhausted front pays the normal value" is 20.3's doubling of the half.
    23.1 (1), (2): the groups are set up after 3.12, XX Corps by the 1BF
    player in the 1UF sector's German set-up zone, Steiner by the 1UF
    player in the 1BF sector's. 23.1 (3): the four command posts (LVI Pk
    and West for the 1BF player, Ost and Zitadelle for the 1UF player)
    leave the pool at the start for their players' hands and are placed
    face down with that player's set-up draw (3.5, 3.6) rather than in a
    step of their own, not counted among its 15 or 25 ("XVI" read as
    LVI).
  - 23.2: the S-Bahn's "ignore retreat" is read as 13.6 reads the
    objective hexes (a mobile German there may stay; standing answer
    stay).
  - 24.2: a line of communication ends at a hex in an enemy ZOC (it may
    be the line's last, an edge hex), but the unit's own hex is where the
    line begins and does not stop it. "An engineer adjacent" to a water
    hexside: a Soviet engineer of the front in one of its two hexes or in
    a hex touching it at a corner (as 19.1 is read). A stream counts as
    a river.
  - 26.1: a German mobile unit leaves by movement (a move answer
    ending "west", from a west-edge hex, for 1 MP, not from a hex in an
    enemy ZOC it entered on the way) or by retreat (a retreat answer
    ending "west": from a west-edge hex it stands in or retreats into,
    at any step; the retreat is then whole). The standing retreat auto
    leaves by the west only when no whole retreat on the map is left
    (the unit would otherwise be eliminated): a player keeps a unit in
    the fight while he can. The Fuehrerbunker is the strategic marker of
    that name.
  - 24.5: with the option, the barrage doubling asks each attacker for
    a line, and a forced march its starting hex. A replacement (8.2)
    may enter, besides its 7.1 hexes, within 1 hex of a unit of its
    front on the map (one placed earlier that phase counts), in its own
    sector, in a hex with no enemy unit and not in an enemy ZOC, that
    traces a line (stacking as 7.1). Reinforcements due by date do not.
    The standing place auto takes a 7.1 hex first, a 24.5 hex only
    when no 7.1 hex is legal.
"""

OPTIONS = """\
sides: ["1bf", "1uf"]
referee: optional
options:
  hidden:
    default: referee
    values: [referee, honour]
    help: referee (a referee holds the file, draws the hidden counters
      and sends each player his view) or honour (no referee; the file
      holds every hidden counter and both trust each other not to look)
  hitler-fantasy:
    default: "no"
    values: ["no", "yes"]
    help: optional scenario 22.0 (not with prepared-defence)
  prepared-defence:
    default: "no"
    values: ["no", "yes"]
    help: optional scenario 23.0 (not with hitler-fantasy)
  lines-of-communication:
    default: "no"
    values: ["no", "yes"]
    help: optional rule 24.0
  high-mobility:
    default: "no"
    values: ["no", "yes"]
    help: optional rule 25.0
  escape-west:
    default: "no"
    values: ["no", "yes"]
    help: optional rule 26.0
"""


def block(text, indent):
    """A YAML literal block of text at the given indent."""
    pad = " " * indent
    lines = text.rstrip("\n").split("\n")
    return "|\n" + "".join((pad + l).rstrip() + "\n" for l in lines)


def main():
    with open(os.path.join(HERE, "reichstag", "oob.yaml")) as f:
        oob = yaml.safe_load(f)
    with open(os.path.join(HERE, "reichstag", "map.yaml")) as f:
        maptext = f.read()
    crt = None
    crtpath = os.path.join(HERE, "reichstag", "crt.yaml")
    if os.path.exists(crtpath):
        with open(crtpath) as f:
            crt = f.read()
    out = [HEADER, "provenance: provisional\n", PROVISIONAL_HEAD]
    for item in oob.get("provisional", []):
        words = str(item).split()
        line = "  -"
        for w in words:
            if len(line) + 1 + len(w) > 74:
                out.append(line + "\n")
                line = "   "
            line += " " + w
        out.append(line + "\n")
    out.append(NOTES)
    out.append(OPTIONS)
    out.append("data:\n")
    out.append("  # front matter: 23 April - 2 May 1945, 1 GT = 1 day\n")
    out.append("  turns: 10\n")
    out.append("  # 3.4-3.7 (from reichstag/oob.yaml)\n")
    out.append("  draws:\n")
    for k, v in oob["draws"].items():
        out.append("    %s: %d\n" % (k, v))
    # the map block as it stands (its own comments included)
    start = maptext.index("  map:")
    out.append(maptext[start:])
    if not maptext.endswith("\n"):
        out.append("\n")
    out.append("  # one counter a line (reichstag/oob.yaml explains the "
               "words)\n")
    out.append("  units: " + block(oob["units"], 4))
    out.append("  # barrage and Me-262 markers (15.0, 22.5)\n")
    out.append("  markers: " + block(oob["markers"], 4))
    if crt is not None:
        # reichstag/crt.yaml: "crt-mobile:" and "crt-assault:" mappings
        # at the top level, indented here under data
        for line in crt.rstrip("\n").split("\n"):
            out.append(("  " + line).rstrip() + "\n")
    text = "".join(out)
    if "--stdout" in sys.argv[1:]:
        sys.stdout.write(text)
    else:
        with open(OUT, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
