extension Product { static let mock = Product() }
