extension String {
    public var shouted: String { uppercased() + "!" }
}
