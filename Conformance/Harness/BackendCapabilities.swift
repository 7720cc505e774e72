import StrataCore

/// The conformance suite's name for a store's declared ``StoreCapabilities``.
public typealias BackendCapabilities = StoreCapabilities
