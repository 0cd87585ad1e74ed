"""The TD's forms, one module per area (as ``tournaments/views/``)."""
