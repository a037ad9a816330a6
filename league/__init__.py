"""The league app: players, clubs, leagues, tournaments, tables, hands, standings, exports."""
