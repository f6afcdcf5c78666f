print("choreo: not implemented yet")
