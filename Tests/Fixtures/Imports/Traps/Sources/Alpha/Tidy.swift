extension String {
    public var tidy: String { trimmingCharacters(in: .whitespaces) }
}
