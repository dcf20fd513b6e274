"""Chapter 6: Propaganda Rounds."""
