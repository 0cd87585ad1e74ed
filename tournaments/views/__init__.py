"""The TD's pages, one module per area: each view loads through ``tournaments.access``, validates
a form, calls one service and renders."""
