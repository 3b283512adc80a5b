import Callables

func makeSender() -> Sender { Sender() }
