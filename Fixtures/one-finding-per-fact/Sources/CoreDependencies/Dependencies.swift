// This target declares the packages features link.
