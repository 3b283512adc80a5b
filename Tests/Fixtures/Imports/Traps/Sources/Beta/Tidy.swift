extension String {
    public var tidy: String { String(filter { !$0.isWhitespace }) }
}
