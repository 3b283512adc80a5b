import Retro

func identify<Value: Identifiable>(_ value: Value) -> Value.ID { value.id }
let one = identify(1 as Int)
