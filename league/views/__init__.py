"""Server-rendered pages: public pages and the referees' score sheets."""
