public protocol Store {}
