let recorded = "excluded"
