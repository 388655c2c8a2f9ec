struct Clock {}
