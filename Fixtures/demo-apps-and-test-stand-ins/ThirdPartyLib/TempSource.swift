// this is for tuist
