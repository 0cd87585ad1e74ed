"""The public pages, one module per area: tournament, section (standings, wall chart, pairings,
downloads), players (player page, My page), screens (the hall's TVs)."""
