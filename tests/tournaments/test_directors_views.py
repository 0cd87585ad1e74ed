"""The directors page: add by user name, remove, and what an added director can then do."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_director_added_by_name_can_then_change_the_tournament(
    td_client: Client, tournament: Tournament, other_td: User, other_td_client: Client
) -> None:
    detail = reverse("tournaments:tournament_detail", kwargs={"slug": tournament.slug})
    assert other_td_client.get(detail).status_code == 403

    td_client.post(
        reverse("tournaments:directors", kwargs={"slug": tournament.slug}),
        {"username": "other_td"},
    )

    assert other_td_client.get(detail).status_code == 200


def test_adding_an_unknown_user_is_a_sentence(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:directors", kwargs={"slug": tournament.slug}),
        {"username": "ghost"},
    )
    assert "There is no user named &#x27;ghost&#x27;." in response.content.decode()


def test_a_director_added_or_removed_twice_is_answered_as_done(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    # Each form sent twice, its first answer lost over the hall's Wi-Fi (the removal's
    # confirmation).
    add = reverse("tournaments:directors", kwargs={"slug": tournament.slug})
    remove = reverse("tournaments:director_remove", kwargs={"slug": tournament.slug})
    answers = [
        td_client.post(
            url, {"username": "other_td", "confirm": "1"}, follow=True
        ).content.decode()
        for url in (add, add, remove, remove)
    ]

    assert [
        f"other_td is {'' if i < 2 else 'not '}a director of {tournament.name}."
        in answer
        for i, answer in enumerate(answers)
    ] == [True] * 4
    assert 'role="alert">' not in "".join(answers)  # no refusal among them
    assert list(tournament.directors.values_list("username", flat=True)) == ["td"]


def test_the_last_director_is_not_removed(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:director_remove", kwargs={"slug": tournament.slug}),
        {"username": "td"},
        follow=True,
    )

    assert "is the only director" in response.content.decode()
    assert tournament.directors.filter(username="td").exists()


def test_removing_oneself_asks_first_and_changes_nothing_until_confirmed(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    """Tapped on one's own row by mistake: asked, naming who could add one back."""
    tournament.directors.add(other_td)
    remove = reverse("tournaments:director_remove", kwargs={"slug": tournament.slug})

    asked = td_client.post(remove, {"username": "td"})

    assert asked.status_code == 200
    html = asked.content.decode()
    assert "Remove yourself from" in html
    assert "Only another director (other_td) can add you back." in html
    assert tournament.directors.filter(username="td").exists()

    done = td_client.post(remove, {"username": "td", "confirm": "1"})
    assert done["Location"] == reverse("tournaments:dashboard")
    assert not tournament.directors.filter(username="td").exists()


def test_removing_another_director_asks_first_naming_them(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    other_td.first_name, other_td.last_name = "Olga", "Tal"
    other_td.save()
    tournament.directors.add(other_td)
    remove = reverse("tournaments:director_remove", kwargs={"slug": tournament.slug})

    asked = td_client.post(remove, {"username": "other_td"})

    assert asked.status_code == 200
    html = asked.content.decode()
    assert f"Remove other_td from {tournament.name}?" in html
    assert (
        f"other_td (Olga Tal) will no longer see or change {tournament.name}." in html
    )
    assert '<input type="hidden" name="confirm" value="1">' in html
    assert ">Cancel: keep other_td</a>" in html
    assert tournament.directors.filter(username="other_td").exists()

    done = td_client.post(remove, {"username": "other_td", "confirm": "1"}, follow=True)

    assert f"other_td is not a director of {tournament.name}." in done.content.decode()
    assert not tournament.directors.filter(username="other_td").exists()


def test_removing_a_director_another_td_removed_meanwhile_is_answered_as_done(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    # The directors page still lists other_td; another TD removed them since. The "Remove"
    # pressed then has nobody to ask about: answered as done, nobody else removed.
    tournament.directors.add(other_td)
    remove = reverse("tournaments:director_remove", kwargs={"slug": tournament.slug})
    tournament.directors.remove(other_td)

    answer = td_client.post(remove, {"username": "other_td"}, follow=True)

    assert f"other_td is not a director of {tournament.name}." in (
        answer.content.decode()
    )
    assert list(tournament.directors.values_list("username", flat=True)) == ["td"]


def _create_maria(client: Client, tournament: Tournament) -> str:
    """The page answering a director's "create an account" for maria.td."""
    return str(
        client.post(
            reverse(
                "tournaments:director_account_create", kwargs={"slug": tournament.slug}
            ),
            {"new_username": "maria.td", "full_name": "Maria Lopez"},
        ).content.decode()
    )


def _invitation_link(page: str) -> str:
    match = re.search(r'value="(http://testserver/td/invite/[^"]+)"', page)
    assert match, page
    return match.group(1)


def test_a_director_creates_the_second_tds_account_who_sets_a_password_and_directs(
    td_client: Client, tournament: Tournament
) -> None:
    created = _create_maria(td_client, tournament)

    maria = User.objects.get(username="maria.td")
    assert not maria.has_usable_password()
    assert (maria.first_name, maria.last_name) == ("Maria", "Lopez")
    assert tournament.directors.filter(pk=maria.pk).exists()
    link = _invitation_link(created)

    anonymous = Client()
    form_page = anonymous.get(link, follow=True)
    assert "Welcome, <strong>maria.td</strong>" in form_page.content.decode()
    set_url = form_page.redirect_chain[-1][0]
    done = anonymous.post(
        set_url,
        {
            "new_password1": "a long pass phrase 42",
            "new_password2": "a long pass phrase 42",
        },
        follow=True,
    )
    assert "Your password is set, maria.td" in done.content.decode()

    logged_in = anonymous.post(
        reverse("login"), {"username": "maria.td", "password": "a long pass phrase 42"}
    )
    assert logged_in.status_code == 302
    detail = reverse("tournaments:tournament_detail", kwargs={"slug": tournament.slug})
    assert anonymous.get(detail).status_code == 200
    # The link worked once.
    assert "has been used already" in Client().get(link, follow=True).content.decode()


def test_a_taken_user_name_is_refused_with_a_sentence(
    td_client: Client, tournament: Tournament, other_td: User
) -> None:
    page = td_client.post(
        reverse(
            "tournaments:director_account_create", kwargs={"slug": tournament.slug}
        ),
        {"new_username": "OTHER_TD"},
    ).content.decode()

    assert "is taken: if that is the TD, add them by user name instead." in page
    assert not tournament.directors.filter(pk=other_td.pk).exists()
    assert User.objects.filter(username__iexact="other_td").count() == 1


def test_an_account_form_sent_twice_shows_the_invitation_link_again(
    td_client: Client, tournament: Tournament
) -> None:
    create = reverse(
        "tournaments:director_account_create", kwargs={"slug": tournament.slug}
    )
    td_client.post(create, {"new_username": "maria.td", "full_name": "Maria Lopez"})

    # The first answer (with the link) lost on the way back: the TD sends the form again.
    again = td_client.post(
        create, {"new_username": "maria.td", "full_name": "Maria Lopez"}
    ).content.decode()

    assert _invitation_link(again)
    assert "is taken" not in again
    assert User.objects.filter(username__iexact="maria.td").count() == 1
    assert tournament.directors.filter(username="maria.td").exists()


def test_an_account_that_set_its_password_is_not_created_again(
    td_client: Client, tournament: Tournament
) -> None:
    services.director_account_create(tournament=tournament, username="sam")
    sam = User.objects.get(username="sam")
    sam.set_password("a long pass phrase 42")
    sam.save()

    page = td_client.post(
        reverse(
            "tournaments:director_account_create", kwargs={"slug": tournament.slug}
        ),
        {"new_username": "sam"},
    ).content.decode()

    assert "is taken: if that is the TD, add them by user name instead." in page
    assert 'value="http://testserver/td/invite/' not in page


def test_a_lost_link_is_made_again_while_there_is_no_password(
    td_client: Client, tournament: Tournament
) -> None:
    td_client.post(
        reverse(
            "tournaments:director_account_create", kwargs={"slug": tournament.slug}
        ),
        {"new_username": "sam"},
    )

    page = td_client.get(
        reverse("tournaments:directors", kwargs={"slug": tournament.slug})
    ).content.decode()
    again = td_client.post(
        reverse("tournaments:director_invitation", kwargs={"slug": tournament.slug}),
        {"username": "sam"},
    ).content.decode()

    assert "no password yet" in page
    assert _invitation_link(again)


def test_only_a_director_creates_accounts(
    other_td_client: Client, tournament: Tournament
) -> None:
    response = other_td_client.post(
        reverse(
            "tournaments:director_account_create", kwargs={"slug": tournament.slug}
        ),
        {"new_username": "intruder"},
    )

    assert response.status_code == 403
    assert not User.objects.filter(username="intruder").exists()


def test_a_password_form_sent_twice_is_answered_as_set_not_as_a_used_link(
    td_client: Client, tournament: Tournament
) -> None:
    created = _create_maria(td_client, tournament)
    invited = Client()
    set_url = invited.get(_invitation_link(created), follow=True).redirect_chain[-1][0]
    sent = {
        "new_password1": "a long pass phrase 42",
        "new_password2": "a long pass phrase 42",
    }
    invited.post(set_url, sent)

    again = invited.post(set_url, sent, follow=True)  # the first answer lost

    page = again.content.decode()
    assert "Your password is set, maria.td" in page
    assert "has been used already" not in page
    # Another browser posting to the spent link is told it is spent, nothing more.
    other = Client().post(set_url, sent, follow=True).content.decode()
    assert "has been used already" in other
    assert "maria.td" not in other
