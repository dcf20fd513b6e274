"""4.2: Government Special Activities – Deploy, Troop Lift, Neutralize."""
