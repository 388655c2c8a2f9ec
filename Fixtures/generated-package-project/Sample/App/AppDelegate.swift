import Kit

let kit = Kit()
