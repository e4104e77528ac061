"""The Textual app: the only part of botpsy that imports Textual."""
