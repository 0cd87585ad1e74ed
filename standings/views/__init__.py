"""The public pages, one module per page family, named like the module that builds what the page
shows (``standings/pages/``) and like its template (``templates/standings/``): tournament (home,
a tournament's page), standings, crosstable (the wall chart), pairings, players (player page, My
page, Find me), prizes, screens (the hall's TVs), downloads (the results as files). ``common``
holds what every section page shares: the ETag and cache decorator, the body that polls.
"""
