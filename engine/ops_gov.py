"""3.2: Government Operations – Train, Garrison, Sweep, Assault."""
