extension ModelConfiguration {
    /// What a ``GroupContainer`` or ``CloudKitDatabase`` asks for: the automatic choice, none,
    /// or one named container.
    enum Choice: Hashable, Sendable {
        case automatic
        case none
        case named(String)

        /// The named container; `nil` for `.automatic` and `.none`.
        var name: String? {
            guard case .named(let name) = self else { return nil }
            return name
        }

        /// The choice as Swift source, `factory` naming the static function of a named one.
        func spelled(factory: String) -> String {
            switch self {
            case .automatic: ".automatic"
            case .none: ".none"
            case .named(let name): ".\(factory)(\(String(reflecting: name)))"
            }
        }
    }
}
