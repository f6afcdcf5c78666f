print("unreachable: the build should have failed")
