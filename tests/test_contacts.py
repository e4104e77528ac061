"""Contacts: finding and adding people, in a local folder of vCards and on a real Radicale.

The server is Radicale from PyPI on 127.0.0.1 with real authentication; a plain `caldav`
client is the other device, so every card botpsy writes is checked where any CardDAV
client would see it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import caldav
import pytest
import vobject
from botpsy_calendar.contacts import (
    ContactBook,
    ContactTools,
    make_contact_matcher,
    parse_vcards,
    spoken_email,
    spoken_phone,
)
from botpsy_calendar.dav import DavClient

from assistant.errors import ToolArgumentError
from assistant.tools import Effect, Tool
from tests.conftest import PASSWORD, USER
from tests.servers import Radicale


def card(uid: str, name: str, email: str = "", phone: str = "") -> str:
    lines = [f"BEGIN:VCARD\r\nVERSION:3.0\r\nUID:{uid}\r\nFN:{name}\r\n"]
    lines += [f"EMAIL;TYPE=INTERNET:{email}\r\n"] if email else []
    lines += [f"TEL;TYPE=CELL:{phone}\r\n"] if phone else []
    return "".join(lines) + "END:VCARD\r\n"


def cards_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.vcf"))


# -- the tool, on a local folder -----------------------------------------------------------
def test_contacts_add_is_a_declared_write_that_quotes_others_words(tmp_path: Path) -> None:
    tool = Tool.from_function(ContactTools(ContactBook(tmp_path)).contacts_add)
    assert tool.name == "contacts_add" and tool.effect is Effect.WRITE
    assert not tool.effect.sensitive  # like the calendar's other writes: reversible, local first
    assert tool.untrusted_output  # the reply may quote a card someone else wrote
    assert set(tool.parameters["properties"]) == {"name", "email", "phone"}


def test_a_new_contact_is_a_vcard_that_lookups_find(tmp_path: Path) -> None:
    book = ContactBook(tmp_path / "contacts")
    tools = ContactTools(book)
    said = tools.contacts_add("Dora Lind", email="dora@lind.example", phone="+49 151 2345")
    assert (
        said.summary == "Added Dora Lind to your contacts with dora@lind.example and +49 151 2345."
    )
    (path,) = (tmp_path / "contacts").glob("*.vcf")
    (parsed,) = parse_vcards(path.read_text())
    assert (parsed.name, parsed.emails, parsed.phones) == (
        "Dora Lind",
        ["dora@lind.example"],
        ["+49 151 2345"],
    )
    assert vobject.readOne(path.read_text()).n.value.family == "Lind"
    found = tools.contacts_find("dora").summary
    assert found == "Dora Lind: email dora@lind.example; phone +49 151 2345."


def test_a_detail_for_someone_known_goes_on_their_card(tmp_path: Path) -> None:
    folder = tmp_path / "contacts"
    folder.mkdir()
    (folder / "piet.vcf").write_text(card("piet-1", "Piet Bos", "piet@bos.example") + "")
    tools = ContactTools(ContactBook(folder))
    said = tools.contacts_add("piet bos", phone="0151 777")
    assert said.summary == "Added 0151 777 to piet bos in your contacts."
    assert cards_in(folder) == ["piet.vcf"]  # no second card
    (parsed,) = parse_vcards((folder / "piet.vcf").read_text())
    assert (parsed.uid, parsed.emails, parsed.phones) == (
        "piet-1",
        ["piet@bos.example"],
        ["0151 777"],
    )
    again = tools.contacts_add("Piet Bos", email="PIET@bos.example")
    assert again.summary == "Piet Bos already has PIET@bos.example in your contacts."
    assert again.data["done"] == "nothing"


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"name": "Dora"}, "give an email address or a phone number"),
        ({"name": "Dora", "email": "dora at home"}, "is not an email address"),
        ({"name": "Dora", "phone": "call me maybe"}, "is not a phone number"),
        ({"name": "  ", "email": "d@l.example"}, "say the contact's name"),
        ({"name": "Dora\x1b[2J", "email": "d@l.example"}, "say the contact's name"),
    ],
)
def test_bad_arguments_are_one_clear_line_and_write_nothing(
    tmp_path: Path, arguments: dict[str, str], words: str
) -> None:
    with pytest.raises(ToolArgumentError, match=words):
        ContactTools(ContactBook(tmp_path / "contacts")).contacts_add(**arguments)
    assert cards_in(tmp_path / "contacts") == [] if (tmp_path / "contacts").exists() else True


def test_an_answer_said_aloud_goes_where_it_fits(tmp_path: Path) -> None:
    """The question asks for "an email address or a number": either answer lands right."""
    tools = ContactTools(ContactBook(tmp_path / "contacts"))
    said = tools.contacts_add("Ola", email="ola at nyberg dot example").summary
    assert said == "Added Ola to your contacts with ola@nyberg.example."
    said = tools.contacts_add("Ida", email="oh one five one four two").summary
    assert said == "Added Ida to your contacts with 015142."
    (ida,) = ContactBook(tmp_path / "contacts").lookup("ida")
    assert (ida.emails, ida.phones) == ([], ["015142"])


def test_two_people_with_the_name_are_not_guessed_between(tmp_path: Path) -> None:
    folder = tmp_path / "contacts"
    folder.mkdir()
    (folder / "a.vcf").write_text(card("a", "Sam Lee", "sam@one.example"))
    (folder / "b.vcf").write_text(card("b", "Sam Lee", "sam@two.example"))
    with pytest.raises(ToolArgumentError, match="2 contacts are named 'Sam Lee'"):
        ContactTools(ContactBook(folder)).contacts_add("Sam Lee", phone="0151 1")
    assert "TEL" not in (folder / "a.vcf").read_text() + (folder / "b.vcf").read_text()


# -- on a CardDAV server -----------------------------------------------------------------------
@pytest.fixture
def addressbook(radicale: Radicale) -> str:
    return radicale.make_addressbook(USER, "contacts", "Contacts")


def other_device(url: str) -> caldav.DAVClient:
    return caldav.DAVClient(url=url, username=USER, password=PASSWORD)


_PROPFIND = (
    '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>'
)


def server_cards(radicale: Radicale, book: str) -> list[vobject.base.Component]:
    """Every card on the server, read as another CardDAV client reads them."""
    client = other_device(radicale.url)
    listing = client.request(book, "PROPFIND", _PROPFIND, {"Depth": "1"})
    found = ET.fromstring(listing.raw).iter("{DAV:}href")
    hrefs = [h.text for h in found if h.text and h.text.endswith(".vcf")]
    return [vobject.readOne(client.request(radicale.url.rstrip("/") + h, "GET").raw) for h in hrefs]


def book_on(radicale: Radicale, url: str, folder: Path) -> ContactBook:
    return ContactBook(folder, url, lambda: DavClient(radicale.url, USER, PASSWORD))


def test_a_new_contact_reaches_the_server(
    radicale: Radicale, addressbook: str, tmp_path: Path
) -> None:
    tools = ContactTools(book_on(radicale, addressbook, tmp_path / "mirror"))
    said = tools.contacts_add("Dora Lind", email="dora@lind.example")
    assert said.summary == "Added Dora Lind to your contacts with dora@lind.example."
    (remote,) = server_cards(radicale, addressbook)
    assert (remote.fn.value, remote.email.value) == ("Dora Lind", "dora@lind.example")
    # a second device with its own mirror sees it
    other = book_on(radicale, addressbook, tmp_path / "other")
    assert [c.name for c in other.lookup("lind")] == ["Dora Lind"]


def test_a_detail_changes_the_servers_card_only_if_nobody_else_did(
    radicale: Radicale, addressbook: str, tmp_path: Path
) -> None:
    client = other_device(radicale.url)
    put = client.request(
        f"{addressbook}piet.vcf", "PUT", card("piet-1", "Piet Bos", "piet@bos.example"),
        {"Content-Type": "text/vcard"},
    )  # fmt: skip
    assert put.status == 201
    tools = ContactTools(book_on(radicale, addressbook, tmp_path / "mirror"))
    tools.contacts_add("Piet Bos", phone="0151 777")
    (remote,) = server_cards(radicale, addressbook)
    assert [t.value for t in remote.contents["tel"]] == ["0151 777"]
    assert remote.uid.value == "piet-1"

    # the other device changes the card; botpsy's next change must not overwrite it
    stale = ContactTools(book_on(radicale, addressbook, tmp_path / "mirror"))
    stale.book.contacts()  # the mirror as it is now
    changed = card("piet-1", "Piet Bos", "piet@new.example", "0151 777")
    assert client.request(f"{addressbook}piet.vcf", "PUT", changed).status in (201, 204)
    stale.book._synced_at = float("inf")  # no sync before the write: botpsy's copy is old
    said = stale.contacts_add("Piet Bos", email="piet@third.example").summary
    assert "changed elsewhere meanwhile" in said
    (remote,) = server_cards(radicale, addressbook)
    assert remote.email.value == "piet@new.example"  # the other device's change stands
    (kept,) = (tmp_path / "mirror" / "conflicts").glob("*.vcf")
    assert "piet@third.example" in kept.read_text()  # and the user's is not lost


def test_a_server_that_is_down_loses_nothing(
    radicale: Radicale, addressbook: str, tmp_path: Path
) -> None:
    book = book_on(radicale, addressbook, tmp_path / "mirror")
    book.contacts()
    radicale.stop()
    said = ContactTools(book).contacts_add("Ida Berg", phone="0151 42").summary
    assert said.startswith("Added Ida Berg to your contacts with 0151 42. (saved on this device;")
    assert "next sync" in said
    assert [c.name for c in book.lookup("ida")] == ["Ida Berg"]  # offline reads see it
    radicale.start()
    later = book_on(radicale, addressbook, tmp_path / "mirror")  # the next run of botpsy
    assert [c.name for c in later.lookup("ida")] == ["Ida Berg"]  # the sync kept it, and sent it
    (remote,) = server_cards(radicale, addressbook)
    assert remote.fn.value == "Ida Berg"
    assert not (tmp_path / "mirror" / ".outbox").read_text()


def test_a_dry_run_sends_nothing(radicale: Radicale, addressbook: str, tmp_path: Path) -> None:
    book = book_on(radicale, addressbook, tmp_path / "mirror")
    ContactTools(book).contacts_add("Ida Berg", phone="0151 42")
    radicale.stop()
    ContactTools(book_on(radicale, addressbook, tmp_path / "mirror")).contacts_add(
        "Ola Nyberg", phone="0151 43"
    )
    radicale.start()
    dry = ContactBook(
        tmp_path / "mirror",
        addressbook,
        lambda: DavClient(radicale.url, USER, PASSWORD),
        dry_run=True,
    )
    assert sorted(c.name for c in dry.contacts()) == ["Ida Berg", "Ola Nyberg"]
    assert [c.fn.value for c in server_cards(radicale, addressbook)] == ["Ida Berg"]


def test_saving_a_number_through_the_cli(
    radicale: Radicale,
    addressbook: str,
    cli,  # type: ignore[no-untyped-def]
) -> None:
    env = {"BOTPSY_PASSWORD_CALENDAR": PASSWORD}
    added = cli("account", "add", "calendar", "--url", radicale.url, "--user", USER, env=env)
    assert added.status == 0, added.stderr
    done = cli("save Dora's number 0151 2345 to my contacts", env=env)
    assert done.status == 0, done.stderr
    assert "Added Dora to your contacts with 0151 2345." in done.stdout
    assert "local intent calendar." in done.stderr
    asked = cli("add Ola Nyberg to my address book", env=env)
    assert asked.status == 0 and "What is Ola Nyberg's email address?" in asked.stdout
    answered = cli("-c", "ola@nyberg.example", env=env)
    assert answered.status == 0, answered.stderr
    names = sorted((c.fn.value, c.contents.get("email", [None])[0]) for c in server_cards(radicale, addressbook))  # fmt: skip
    assert [n for n, _ in names] == ["Dora", "Ola Nyberg"]
    found = cli("what's ola's email?", env=env)
    assert "ola@nyberg.example" in found.stdout


# -- intents -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "tool", "arguments", "asked"),
    [
        # finding
        ("what's Ida's email?", "contacts_find", {"name": "Ida"}, []),
        ("what is my dentist's phone number", "contacts_find", {"name": "dentist"}, []),
        ("give me the email address of ola nyberg", "contacts_find", {"name": "ola nyberg"}, []),
        ("search my address book for piet", "contacts_find", {"name": "piet"}, []),
        ("how can i get in touch with dora", "contacts_find", {"name": "dora"}, []),
        ("what's o'brien's number", "contacts_find", {"name": "o'brien"}, []),
        ("open my contacts", "contacts_find", {}, ["name"]),
        ("can i find out some details about a contact", "contacts_find", {}, ["name"]),
        ("which email does dora use", "contacts_find", {"name": "dora"}, []),
        ("what number do i have for my landlord", "contacts_find", {"name": "landlord"}, []),
        ("i need the number for piet", "contacts_find", {"name": "piet"}, []),
        ("contact details for ola", "contacts_find", {"name": "ola"}, []),
        ("look up dora in the phone book", "contacts_find", {"name": "dora"}, []),
        ("do you know ida's work email", "contacts_find", {"name": "ida"}, []),
        # adding
        (
            "save ida's number 0151 2345 to my contacts",
            "contacts_add",
            {"name": "ida", "phone": "0151 2345"},
            [],
        ),
        (
            "add piet's email piet at bos dot example to my address book",
            "contacts_add",
            {"name": "piet", "email": "piet@bos.example"},
            [],
        ),
        (
            "put oh one five one double two three as dora's mobile number in my contacts",
            "contacts_add",
            {"name": "dora", "phone": "0151223"},
            [],
        ),
        (
            "create a new contact for ola with the email ola@nyberg.example",
            "contacts_add",
            {"name": "ola", "email": "ola@nyberg.example"},
            [],
        ),
        ("add ola nyberg to my contacts", "contacts_add", {"name": "ola nyberg"}, ["email"]),
        ("save my brother's number to my contacts", "contacts_add", {"name": "brother"}, ["phone"]),
    ],
)
def test_contact_intents(text: str, tool: str, arguments: dict[str, str], asked: list[str]) -> None:
    found = make_contact_matcher()(text)
    assert found is not None, text
    assert (found.tool, found.arguments, list(found.missing)) == (tool, arguments, asked)


@pytest.mark.parametrize(
    "text",
    [
        "what is the number of days in june",
        "what are the details of the trip",
        "what is the museum's address",
        "what's the weather's number",
        "what is my name",
        "open ida's email",  # a message to read
        "forward ravi's email",
        "what is in bob's email",
        "add this email to my contacts",  # which one: the model has the conversation
        "save this number",
        "add milk to my shopping list",
        "add piet's email 0151 2345 to my contacts",  # the words disagree
        "what's the number for emergencies",  # maybe a question for the web
        "i need the number for a taxi",
        "what's the pizza place's phone number",
    ],
)
def test_requests_that_are_not_a_contact_lookup_or_card(text: str) -> None:
    assert make_contact_matcher()(text) is None


def test_spoken_addresses_and_numbers() -> None:
    assert spoken_email("ana dot lopez at mail dot example") == "ana.lopez@mail.example"
    assert spoken_email("ana@mail.example") == "ana@mail.example"
    assert spoken_email("ana at home") is None
    assert spoken_phone("plus four nine one five one") == "+49151"
    assert spoken_phone("triple three four") == "3334"
    assert spoken_phone("0151 2345") == "0151 2345"
    assert spoken_phone("one two") is None
    assert spoken_phone("call me") is None


# Shapes of a lookup (invented names): a card's field asked about inside any question, the field
# with no ask before it, where someone close lives or works, and "call ana's number".
@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("is piet's mobile number still the same", "piet"),
        ("what's the area code on dora's phone number", "dora"),
        ("confirm ola nyberg's email address for me", "ola nyberg"),
        ("is this the right email address for my landlord", "landlord"),
        ("which postcode is in my aunt's home address", "aunt"),
        ("phone number of my plumber", "plumber"),
        ("the email address for ravi", "ravi"),
        ("number for ida", "ida"),
        ("ola nyberg phone number", "ola nyberg"),
        ("dora email address", "dora"),
        ("where does my landlord live", "landlord"),
        ("which town does my aunt live in", "aunt"),
        ("what company does my brother work for", "brother"),
        ("does my cousin live in leeds", "cousin"),
        ("call piet's mobile number", "piet"),
        ("open ida's contact card", "ida"),
        ("i'd like ravi's work number", "ravi"),
        ("i need to know dora's home address", "dora"),
        ("what's piet's whatsapp number", "piet"),
        ("show me ola's info", "ola"),
        ("what is ida's date of birth", "ida"),
        ("get the details of my dentist", "dentist"),
        ("give me the address of my landlord", "landlord"),
        ("what information do i have on ravi", "ravi"),
        ("what do we have saved for dora", "dora"),
        ("pull up ola's contact info", "ola"),
        ("what's piet's office address", "piet"),
        ("what is ida's job title", "ida"),
        ("what's the best number to reach ravi", "ravi"),
        ("where can i reach my landlord", "landlord"),
        ("what's the mobile of dora", "dora"),
        ("get ola's number for me", "ola"),
    ],
)
def test_lookups_said_as_shapes(text: str, name: str) -> None:
    found = make_contact_matcher()(text)
    assert found is not None, text
    assert (found.tool, found.arguments, found.missing) == ("contacts_find", {"name": name}, {})


@pytest.mark.parametrize(
    "text",
    [
        "where does the prime minister live",  # a question for the web
        "where does madonna live",  # only someone close ("my ...") is in the address book
        "what's the area code for leeds",
        "is this number correct",
        "save this phone number",
        "open ida's email",
        "what is the phone number of the pizza place",
        "does my train leave at five",
        "what is my boss's name",
        "give me the address of the town hall",
        "what are the details of the trip",
        "what do i have on friday",
        "what's the best way to reach the airport",
        "where can i reach the station",
        "how do i contact support",
        "what is the number to call for a taxi",
    ],
)
def test_shapes_that_are_no_lookup(text: str) -> None:
    assert make_contact_matcher()(text) is None
