"""Services write: every change to the league's data goes through a function here."""
