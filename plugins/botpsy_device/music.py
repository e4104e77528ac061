"""Finding what to play from the user's own words: stations they named, then their music files.

"Play some jazz" or "put on the road trip playlist" names music by a genre,
artist, album, playlist or song, as the user's folders spell them
(`Jazz/Coltrane/Blue Train/01 Blue Train.flac`). botpsy has no music service, so
it looks where the user keeps music: stations listed in the config
(`[plugins.device.stations]`, name = address) and audio files and playlists
inside the files plugin's allowed folders. A playlist file is played as it is;
several matching tracks become one playlist botpsy writes in its own data
folder, so a player gets them in order.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

AUDIO = {".mp3", ".flac", ".ogg", ".oga", ".opus", ".m4a", ".aac", ".wav", ".wma", ".aiff"}
PLAYLISTS = {".m3u", ".m3u8", ".pls", ".xspf"}
MAX_SCANNED = 50_000  # entries walked per request: a huge tree answers "not found", not slowly
MAX_TRACKS = 500  # tracks in one generated playlist

# Words that say "music" without saying which: they never decide a match.
_FILLER = {
    "a", "an", "the", "some", "any", "my", "me", "by", "from", "of", "to", "for", "on", "in",
    "and", "please", "music", "song", "songs", "track", "tracks", "tune", "tunes", "album",
    "albums", "playlist", "playlists", "record", "records", "band", "artist", "singer", "genre",
    "little", "bit", "something", "stuff", "kind", "sort", "type", "called", "named", "few",
    "latest", "new", "favourite", "favorite", "all", "again", "now", "station", "channel", "more",
}  # fmt: skip


def _vocabulary(words: str) -> set[str]:
    """A set of words written as one string, as word lists read best."""
    return set(words.split())


# Kinds of music people ask for by name alone ("some jazz", "eighties pop"): words that name
# nothing else. Words that are something else too ("house", "country", "garage", "party") are
# STYLES: they describe music beside a genre or "music" ("christmas music", "hard rock").
GENRES = _vocabulary(
    "jazz blues rock pop rap hiphop hip hop classical metal reggae techno trance dubstep disco funk "
    "punk grunge indie opera gospel ska salsa bossa nova samba flamenco kpop jpop edm electronica "
    "ambient lofi instrumental orchestral symphonic choral bebop motown rnb bluegrass americana "
    "bollywood afrobeat afrobeats reggaeton dancehall synthwave chillout chillhop emo ballads "
    "lullabies oldies baroque"
)
STYLES = _vocabulary(
    "electronic acoustic swing latin celtic alternative psychedelic progressive heavy hard soft "
    "smooth old school modern classic romantic piano guitar violin cello saxophone dance party drum "
    "bass garage christmas karaoke country soul folk house tango lo fi roll n"
)
MOODS = _vocabulary(
    "relaxing relaxed calm calming chill chilled mellow peaceful soothing quiet gentle happy upbeat "
    "cheerful sad melancholy energetic motivating motivational uplifting groovy dreamy "
    "focus study studying sleep sleeping sleepy workout running driving cooking dinner morning "
    "evening night summer rainy lazy cozy cosy feel good fun funky angry loud background"
)
DECADES = _vocabulary(
    "fifties sixties seventies eighties nineties noughties 50s 60s 70s 80s 90s 2000s "
    "1950s 1960s 1970s 1980s 1990s"
)
DESCRIBING = GENRES | STYLES | MOODS | DECADES


def describes_music(text: str) -> bool:
    """Whether every word names a kind of music, a mood or a decade ("some mellow eighties jazz")."""
    words = key_words(text)
    return (
        bool(words)
        and all(w in DESCRIBING for w in words)
        and any(w in GENRES | DECADES for w in words)
    )


@dataclass(frozen=True)
class Found:
    """What to hand the player: one address or file, and what the user is told about it."""

    target: str  # an http(s) address or a path
    said: str  # "3 tracks matching 'coltrane'", "the station 'Harbour FM'"
    tracks: tuple[Path, ...] = ()  # several files, to be written into one playlist


def key_words(text: str) -> list[str]:
    """The words that decide what matches: "some jazz by coltrane" → ["jazz", "coltrane"]."""
    words = re.findall(r"[^\W_]+", text.lower())
    return [w for w in words if w not in _FILLER]


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _all_in(words: list[str], haystack: str) -> bool:
    return all(_stem(w) in haystack for w in words)


def station(words: list[str], stations: Mapping[str, str]) -> Found | None:
    """The configured station whose name holds every key word."""
    for name, address in stations.items():
        if words and _all_in(words, " ".join(re.findall(r"[^\W_]+", name.lower()))):
            return Found(address, f"the station '{name}'")
    return None


def _walk(roots: list[Path]) -> Iterator[tuple[Path, Path]]:
    """(root, file) for media files under the roots, hidden folders and links skipped."""
    scanned = 0
    for root in roots:
        for folder, dirs, files in os.walk(root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                scanned += 1
                if scanned > MAX_SCANNED:
                    return
                suffix = os.path.splitext(name)[1].lower()
                if suffix in AUDIO or suffix in PLAYLISTS:
                    path = Path(folder, name)
                    if not path.is_symlink():
                        yield root, path


def in_folders(words: list[str], roots: list[Path]) -> Found | None:
    """A playlist named by the words, else every track whose folders or name hold them."""
    if not words:
        return None
    playlists: list[Path] = []
    tracks: list[Path] = []
    for root, path in _walk(roots):
        where = " ".join(re.findall(r"[^\W_]+", str(path.relative_to(root)).lower()))
        if not _all_in(words, where):
            continue
        (playlists if path.suffix.lower() in PLAYLISTS else tracks).append(path)
    asked = " ".join(words)
    if playlists:
        best = min(playlists, key=lambda p: len(p.name))
        return Found(str(best), f"the playlist '{best.stem}'")
    if len(tracks) == 1:
        return Found(str(tracks[0]), f"'{tracks[0].stem}'")
    if tracks:
        kept = tuple(tracks[:MAX_TRACKS])
        return Found("", f"{len(kept)} tracks matching '{asked}'", kept)
    return None


def write_playlist(tracks: tuple[Path, ...], folder: Path) -> Path:
    """One M3U playlist of the tracks, in botpsy's data folder (replaced each time)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "botpsy-now-playing.m3u"
    lines = ["#EXTM3U", *(str(track) for track in tracks)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
