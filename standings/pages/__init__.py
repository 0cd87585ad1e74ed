"""What each public page shows, as plain data for its template: one module per page family,
named like its view module (``standings/views/``) and its template (``templates/standings/``).

- ``standings``: standings lines (score groups, places, the tiebreak that decided) and their HTML
  table body; ``crosstable``: the wall chart's rows and body; ``pairings``: a round's boards,
  byes and absences; ``players``: one player's rounds and explanations; ``prizes``: the prize
  list's pools and items.
- Shared by several: ``columns`` (the posted tiebreaks as columns, with hints), ``rounds`` (the
  section's rounds, the current one), ``games`` (each player's posted games, wall-chart letters).

Everything starts from the use cases in ``standings/reports.py``; scores and tiebreak values come
from the engine, and these modules only arrange and compare them.
"""
