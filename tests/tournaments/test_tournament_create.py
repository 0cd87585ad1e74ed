"""Creating, editing and publishing a tournament, and its directors."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.tournaments.builders import tournament_build
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_creator_directs_the_new_tournament_which_starts_as_a_draft(td: User) -> None:
    tournament = services.tournament_create(
        user=td, name="Autumn Swiss", location="Peoria"
    )

    assert tournament.slug == "autumn-swiss"
    assert not tournament.is_published
    assert list(tournament.directors.all()) == [td]


def test_a_second_tournament_of_the_same_name_gets_its_own_slug(td: User) -> None:
    services.tournament_create(user=td, name="Club Championship")
    again = services.tournament_create(
        user=td, name="Club Championship", confirm_same_name=True
    )

    assert again.slug == "club-championship-2"


def test_a_name_the_td_directs_already_is_asked_before_a_second_is_created(
    td: User, other_td: User
) -> None:
    services.tournament_create(user=td, name="Club Championship")

    with pytest.raises(services.TournamentSameName) as asked:
        services.tournament_create(user=td, name="club championship ")

    assert asked.value.messages == [
        services.TOURNAMENT_SAME_NAME.format(
            name="Club Championship", slug="club-championship"
        )
    ]
    assert Tournament.objects.filter(name__iexact="club championship").count() == 1
    # Another TD's tournament of that name is theirs: no question.
    services.tournament_create(user=other_td, name="Club Championship")
    assert Tournament.objects.filter(name__iexact="club championship").count() == 2


def test_update_refuses_an_end_before_the_start_as_a_sentence(td: User) -> None:
    import datetime

    tournament = services.tournament_create(user=td, name="Spring")
    with pytest.raises(ValidationError) as error:
        services.tournament_update(
            tournament=tournament,
            start_date=datetime.date(2025, 5, 2),
            end_date=datetime.date(2025, 5, 1),
        )
    assert "constraint" not in " ".join(error.value.messages).lower()
    assert Tournament.objects.get(pk=tournament.pk).start_date is None


def test_publish_and_unpublish(td: User) -> None:
    tournament = services.tournament_create(user=td, name="Spring")

    services.tournament_publish(tournament=tournament, published=True)
    assert Tournament.objects.get(pk=tournament.pk).is_published
    services.tournament_publish(tournament=tournament, published=False)
    assert not Tournament.objects.get(pk=tournament.pk).is_published


def test_a_director_adds_another_by_user_name_any_case(td: User) -> None:
    tournament = services.tournament_create(user=td, name="Spring")
    helper = User.objects.create_user("Assistant")

    added = services.tournament_director_add(
        tournament=tournament, username=" assistant "
    )

    assert added == helper
    assert set(tournament.directors.all()) == {td, helper}


def test_adding_an_unknown_user_is_refused(td: User) -> None:
    tournament = services.tournament_create(user=td, name="Spring")

    with pytest.raises(ValidationError) as error:
        services.tournament_director_add(tournament=tournament, username="nobody")

    assert error.value.messages == [services.DIRECTOR_UNKNOWN.format(username="nobody")]
    assert list(tournament.directors.all()) == [td]


def test_adding_a_director_sent_twice_leaves_them_a_director_once(td: User) -> None:
    tournament = services.tournament_create(user=td, name="Spring")
    helper = User.objects.create_user("helper")
    services.tournament_director_add(tournament=tournament, username="helper")

    # The first answer lost on the way back: the TD sends the same name again.
    again = services.tournament_director_add(tournament=tournament, username="helper")

    assert again == helper
    assert sorted(tournament.directors.values_list("username", flat=True)) == [
        "helper",
        "td",
    ]


def test_the_last_director_cannot_be_removed_but_another_can(td: User) -> None:
    tournament = services.tournament_create(user=td, name="Spring")
    helper = User.objects.create_user("helper")
    tournament.directors.add(helper)

    services.tournament_director_remove(tournament=tournament, username="helper")
    with pytest.raises(ValidationError) as error:
        services.tournament_director_remove(tournament=tournament, username="td")

    assert error.value.messages == [
        services.DIRECTOR_LAST.format(username="td", tournament=tournament)
    ]
    assert list(tournament.directors.all()) == [td]


def test_removing_a_director_sent_twice_is_done_and_changes_nothing_more(
    td: User,
) -> None:
    tournament = tournament_build()
    tournament.directors.add(td, User.objects.create_user("helper"))
    services.tournament_director_remove(tournament=tournament, username="helper")

    # The first answer lost: the button pressed again finds them removed already.
    services.tournament_director_remove(tournament=tournament, username="helper")

    assert list(tournament.directors.all()) == [td]
