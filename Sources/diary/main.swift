print("diary: placeholder")
