"""The demo tournament: finished, legal, the same every time, with every kind of unplayed round."""

from __future__ import annotations

import io
import random
from collections import Counter, defaultdict

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import Q
from django.utils import timezone

from standings.engine import compute_standings, parse_order
from standings.loaders import snapshot_load
from standings.reports import section_prizes
from standings.team_loaders import team_section_report
from standings.team_reports import section_teams, tournament_teams
from tournaments import demo
from tournaments.demo import (
    ADMIN_PASSWORD,
    DEMO_SLUG,
    LIVE_SLUG,
    TD_PASSWORD,
    SectionPlan,
    demo_live_tournament_create,
    demo_td_ensure,
    demo_tournament_create,
)
from tournaments.demo_teams import TEAM_SLUG, demo_team_tournament_create
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Section,
    SectionEvent,
    TeamMatch,
    Tournament,
)
from tournaments.results import PLAYED_RESULTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament() -> Tournament:
    return demo_tournament_create()[0]


def pairings(section: Section) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__section=section).select_related(
            "round", "white", "black"
        )
    )


def rounds_of(section: Section) -> dict[int, dict[int, Pairing]]:
    """Player pk -> round number -> that player's pairing."""
    seen: dict[int, dict[int, Pairing]] = defaultdict(dict)
    for p in pairings(section):
        for player_id in (p.white_id, p.black_id):
            if player_id is not None:
                seen[player_id][p.round.number] = p
    return seen


def test_the_finished_event_is_final_in_the_database_with_every_section_final(
    tournament: Tournament,
) -> None:
    # It showed as Running: the round services set the status from sections not marked final.
    assert Tournament.objects.get(slug=DEMO_SLUG).status == Tournament.Status.FINAL
    assert list(
        Section.objects.filter(tournament__slug=DEMO_SLUG).values_list(
            "is_final", flat=True
        )
    ) == [True, True]


def test_demo_is_a_finished_event_with_two_sections_of_five_rounds(
    tournament: Tournament,
) -> None:
    sections = list(tournament.sections.all())

    assert tournament.status == Tournament.Status.FINAL
    assert [s.name for s in sections] == ["Open", "U1600"]
    assert all(s.rounds_total >= 5 for s in sections)
    assert Player.objects.filter(section__tournament=tournament).count() >= 40
    for section in sections:
        numbers = set(
            Pairing.objects.filter(round__section=section).values_list(
                "round__number", flat=True
            )
        )
        assert numbers == set(range(1, section.rounds_total + 1))
        assert not Pairing.objects.filter(
            round__section=section, result=Result.PENDING
        ).exists()


@pytest.mark.parametrize(
    "code",
    [
        Result.WHITE_WIN,
        Result.DRAW,
        Result.BLACK_WIN,
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
        Result.DOUBLE_FORFEIT,
        Result.BYE_PAIRING,
        Result.BYE_FULL,
        Result.BYE_HALF,
        Result.BYE_ZERO,
    ],
    ids=lambda code: code.value,
)
def test_every_kind_of_result_occurs(tournament: Tournament, code: Result) -> None:
    assert Pairing.objects.filter(
        round__section__tournament=tournament, result=code
    ).exists()


def test_withdrawn_player_forfeited_and_is_not_paired_afterwards(
    tournament: Tournament,
) -> None:
    withdrawn = Player.objects.get(
        section__tournament=tournament, status=Player.Status.WITHDRAWN
    )
    rounds = rounds_of(withdrawn.section)[withdrawn.pk]

    last = withdrawn.withdrawn_after_round
    assert last is not None
    assert 1 <= last < withdrawn.section.rounds_total
    assert max(rounds) == last
    forfeit = rounds[last]
    # The withdrawn player is the one who did not show up.
    no_show: dict[str, int | None] = {
        Result.WHITE_FORFEIT_WIN: forfeit.black_id,
        Result.BLACK_FORFEIT_WIN: forfeit.white_id,
    }
    assert no_show.get(forfeit.result) == withdrawn.pk


def test_each_section_has_a_late_entry_who_missed_round_one(
    tournament: Tournament,
) -> None:
    round_one = {}
    for section in tournament.sections.all():
        seen = rounds_of(section)
        late = section.players.order_by("-start_number")[0]
        round_one[section.name] = getattr(seen[late.pk].get(1), "result", None)
        assert min(r for r, p in seen[late.pk].items() if p.black_id is not None) == 2

    # One late entry took a half-point bye for the round missed, the other was simply not paired.
    assert round_one == {"Open": Result.BYE_HALF, "U1600": None}


def test_both_sections_have_unrated_players(tournament: Tournament) -> None:
    for section in tournament.sections.all():
        assert section.players.filter(rating__isnull=True).exists(), section.name
        assert section.players.filter(rating__isnull=False).exists(), section.name


def test_every_player_has_a_us_chess_id_state_and_realistic_name(
    tournament: Tournament,
) -> None:
    players = Player.objects.filter(section__tournament=tournament)

    assert all(len(p.uschess_id) == 8 and p.uschess_id.isdigit() for p in players)
    assert all(p.federation for p in players)
    assert len({p.name for p in players}) == players.count()
    assert not any(p.name.startswith("Player") for p in players)


def test_pairings_are_legal_everyone_once_per_round_and_no_rematches(
    tournament,
) -> None:
    for section in tournament.sections.all():
        seen = rounds_of(section)
        byes = set(
            RequestedBye.objects.filter(player__section=section).values_list(
                "player_id", "round_number"
            )
        )
        games = Counter(
            frozenset((p.white_id, p.black_id))
            for p in pairings(section)
            if p.black_id is not None
        )
        assert max(games.values()) == 1, f"{section.name}: a rematch"
        for player in section.players.all():
            rounds = seen[player.pk]
            last = player.withdrawn_after_round or section.rounds_total
            first = min(rounds)
            # Paired (or given a bye) in every round from entry to withdrawal, and never after.
            assert set(rounds) == set(range(first, last + 1)), player.name
            assert first == 1 or player.start_number == section.players.count()
            for number, p in rounds.items():
                requested = p.result in {
                    Result.BYE_FULL,
                    Result.BYE_HALF,
                    Result.BYE_ZERO,
                }
                assert requested == ((player.pk, number) in byes), (player.name, number)


def test_colours_alternate_plausibly(tournament: Tournament) -> None:
    # Games played only: a forfeited game gives no colour (docs/pairing.md, 27A4).
    for section in tournament.sections.all():
        seen = rounds_of(section)
        for player in section.players.all():
            colours = "".join(
                "w" if p.white_id == player.pk else "b"
                for _, p in sorted(seen[player.pk].items())
                if p.black_id is not None and p.result in PLAYED_RESULTS
            )
            assert "www" not in colours and "bbb" not in colours, (player.name, colours)
            assert abs(colours.count("w") - colours.count("b")) <= 2, (
                player.name,
                colours,
            )


def test_one_pairing_bye_per_round_at_most_and_never_twice_to_one_player(
    tournament,
) -> None:
    for section in tournament.sections.all():
        byes = [
            (p.round.number, p.white_id)
            for p in pairings(section)
            if p.result == Result.BYE_PAIRING
        ]
        assert len({r for r, _ in byes}) == len(byes)
        assert len({w for _, w in byes}) == len(byes)


def signature(tournament: Tournament) -> list[tuple[object, ...]]:
    return list(
        Pairing.objects.filter(round__section__tournament=tournament)
        .order_by(
            "round__section__position", "round__number", "board", "white__start_number"
        )
        .values_list(
            "round__section__name",
            "round__number",
            "board",
            "white__name",
            "black__name",
            "result",
        )
    ) + list(
        Player.objects.filter(section__tournament=tournament)
        .order_by("section__position", "start_number")
        .values_list(
            "name", "rating", "uschess_id", "club", "status", "withdrawn_after_round"
        )
    )


def test_loading_again_replaces_the_demo_with_the_same_event(
    tournament: Tournament,
) -> None:
    before = signature(tournament)

    again, replaced = demo_tournament_create()

    assert replaced
    assert Tournament.objects.filter(slug=DEMO_SLUG).count() == 1
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    assert signature(again) == before


def test_a_failure_half_way_leaves_the_earlier_demo_untouched(
    tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = signature(tournament)
    create = demo._section_create

    def failing(
        tournament: Tournament, plan: SectionPlan, position: int, rng: random.Random
    ) -> Section:
        if plan.name == "U1600":
            raise RuntimeError("disk full")
        return create(tournament, plan, position, rng)

    monkeypatch.setattr(demo, "_section_create", failing)

    with pytest.raises(RuntimeError, match="disk full"):
        demo_tournament_create()

    assert Tournament.objects.get(slug=DEMO_SLUG).pk == tournament.pk
    assert signature(tournament) == before


def test_standings_can_be_computed_for_each_section(tournament: Tournament) -> None:
    # Half-points (white, black) of each code, by US Chess scoring: 1, 1/2, 0; byes as named.
    points: dict[str, tuple[int, int]] = {
        Result.WHITE_WIN: (2, 0),
        Result.DRAW: (1, 1),
        Result.BLACK_WIN: (0, 2),
        Result.WHITE_FORFEIT_WIN: (2, 0),
        Result.BLACK_FORFEIT_WIN: (0, 2),
        Result.DOUBLE_FORFEIT: (0, 0),
        Result.BYE_PAIRING: (2, 0),
        Result.BYE_FULL: (2, 0),
        Result.BYE_HALF: (1, 0),
        Result.BYE_ZERO: (0, 0),
    }
    for section in tournament.sections.all():
        snapshot = snapshot_load(section=section)
        standings = compute_standings(
            snapshot,
            parse_order(section.tiebreaks),
            lots_seed=section.lots_seed or None,
        )

        assert standings.through_round == section.rounds_total
        assert len(standings.rows) == section.players.count()
        half_points = sum(
            w + b for w, b in (points[p.result] for p in pairings(section))
        )
        assert sum(row.score for row in standings.rows) * 2 == half_points
        assert standings.rows[0].rank == 1


def test_td_login_is_created_once_with_the_printed_password() -> None:
    user, created = demo_td_ensure()
    user.set_password("changed-by-the-td")
    user.save()

    again, created_again = demo_td_ensure()

    assert created and not created_again
    assert again.pk == user.pk
    # A TD, not a superuser: what they may change comes from the tournaments they direct.
    assert not again.is_staff and not again.is_superuser
    assert again.check_password("changed-by-the-td")
    assert User.objects.get(username="td").check_password("changed-by-the-td")


def test_load_demo_makes_td_the_director_of_every_demo_event_and_an_admin() -> None:
    call_command("load_demo", stdout=io.StringIO())
    td = User.objects.get(username="td")

    assert set(td.directed_tournaments.values_list("slug", flat=True)) == {
        DEMO_SLUG,
        LIVE_SLUG,
        TEAM_SLUG,
    }
    assert User.objects.get(username="admin").is_superuser
    # Each section's order shows as posted before round one.
    assert all(
        s.tiebreak_changes.count() == 1
        for s in Section.objects.filter(tournament__slug__in=[DEMO_SLUG, LIVE_SLUG])
    )


def test_the_second_demo_event_has_a_round_in_progress() -> None:
    live = demo_live_tournament_create()
    section = live.sections.get()
    round_3 = section.rounds.get(number=3)

    assert live.is_published
    assert round_3.status == "paired"
    pending = round_3.pairings.filter(result=Result.PENDING).count()
    assert 0 < pending < round_3.pairings.count()
    assert section.rounds.filter(number__lt=3, status="complete").count() == 2
    games = Counter(
        frozenset((p.white_id, p.black_id))
        for p in Pairing.objects.filter(round__section=section)
    )
    assert max(games.values()) == 1, "a rematch"


def test_load_demo_command_reports_what_it_did() -> None:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    first = out.getvalue()
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    second = out.getvalue()

    assert first.startswith("Created Riverside Spring Open 2025")
    assert "Open: 24 players, 5 rounds" in first
    assert f"password {TD_PASSWORD}" in first
    assert f"password {ADMIN_PASSWORD}" in first
    assert "round 3 in progress" in first
    assert User.objects.get(username="td").check_password(TD_PASSWORD)
    assert second.startswith("Replaced Riverside Spring Open 2025")
    assert TD_PASSWORD not in second and ADMIN_PASSWORD not in second
    # The command to try next runs in the project's own environment, not a bare "python".
    assert f"Try: .venv/bin/python manage.py standings {DEMO_SLUG}" in first


def test_withdrawn_players_keep_no_requested_byes_after_withdrawing(
    tournament: Tournament,
) -> None:
    withdrawn = Player.objects.filter(
        section__tournament=tournament, status=Player.Status.WITHDRAWN
    )
    assert withdrawn.exists()
    for player in withdrawn:
        assert not player.requested_byes.filter(
            round_number__gt=player.withdrawn_after_round
        ).exists()


def test_the_scholastic_section_posts_school_teams_and_they_rank(
    tournament: Tournament,
) -> None:
    section = tournament.sections.get(name="U1600")
    assert section.team_scoring["top"] == 3
    report = section_teams(section=section)
    placed = [row for row in report.standings.rows if row.rank is not None]
    # Four schools, each with at least the two players it needs to place; players without a
    # school are in no team.
    assert sorted(row.team for row in placed) == sorted(s for s in demo.SCHOOLS if s)
    assert all(len(row.counting) <= 3 for row in placed)
    assert [row.rank for row in placed][0] == 1
    assert report.prize_of(1) == "1st place school trophy"


def test_the_event_posts_two_team_groups_the_opens_clubs_and_the_u1600s_schools(
    tournament: Tournament,
) -> None:
    groups = tournament.team_groups()
    sections = {s.name: s.pk for s in tournament.sections.all()}
    assert [(g["id"], g["name"], g["sections"]) for g in groups] == [
        (1, "Clubs", [sections["Open"]]),
        (2, "Schools", [sections["U1600"]]),
    ]
    for group, names, prize in (
        (1, demo.CLUBS, "Club champions trophy"),
        (2, demo.SCHOOLS, "School champions trophy"),
    ):
        event = tournament_teams(tournament=tournament, group=group)
        placed = [row for row in event.standings.rows if row.rank is not None]
        # Every club (school) with a player ranks, and only those: no mixing of the two.
        assert {row.team for row in event.standings.rows} == set(names) - {""}
        assert len(placed) >= 2 and placed[0].rank == 1
        assert event.prize_of(1) == prize
        # Posted before round 1: no change after it, so no reason to show.
        assert not event.reason


def test_the_team_league_runs_to_the_final_round_without_a_rematch() -> None:
    league = demo_team_tournament_create()
    section = league.sections.get()
    assert (section.team_boards, section.teams.count(), section.is_final) == (
        4,
        8,
        True,
    )
    met: set[frozenset[int]] = set()
    for match in TeamMatch.objects.filter(round__section=section):
        assert match.black_team_id is not None  # eight teams: nobody has a bye
        pair = frozenset({match.white_team_id, match.black_team_id})
        assert pair not in met
        met.add(pair)
    assert len(met) == 5 * 4
    assert not Pairing.objects.filter(
        round__section=section, result=Result.PENDING
    ).exists()
    report = team_section_report(section=section)
    assert report.standings.through_round == 5
    # Every board's point went to one team or was shared: 5 rounds x 4 matches x 4 boards.
    assert sum(r.game_points for r in report.standings.rows) == 80
    assert report.prize_of(1) == "Team champions trophy"


def test_the_team_league_fields_a_reserve_in_round_three() -> None:
    league = demo_team_tournament_create()
    section = league.sections.get()
    event = SectionEvent.objects.get(section=section, kind=SectionEvent.Kind.LINEUP)
    assert event.round_number == 3
    # The reserve (roster board 5) played round 3 for the first table's first team.
    match = section.rounds.get(number=3).team_matches.get(table=1)
    reserve = match.white_team.members.get(board=5).player
    assert (
        Pairing.objects.filter(round__section=section, round__number=3)
        .filter(Q(white=reserve) | Q(black=reserve))
        .exists()
    )


def test_the_demo_events_sections_have_a_round_schedule(
    tournament: Tournament,
) -> None:
    for section in tournament.sections.all():
        schedule = section.round_schedule()
        assert [n for n, _when in schedule] == list(range(1, section.rounds_total + 1))
        first = timezone.localtime(schedule[0][1])
        assert (first.date(), first.hour) == (tournament.start_date, 10)


def test_the_finished_events_prize_lists_pay_every_prize(
    tournament: Tournament,
) -> None:
    for section in tournament.sections.all():
        prizes = section_prizes(section=section)
        distribution = prizes.distribution
        fund = sum(p.cash * len(p.places) for p in prizes.prizes)
        paid = sum(award.cash for award in distribution.awards())

        assert fund > 0 and any(p.item for p in prizes.prizes), section.name
        # The demo has players in every class its fund pays: nothing is left unawarded.
        assert not distribution.unawarded_cash and not distribution.unawarded_items
        assert paid + distribution.remainder == fund, section.name
