// Builders for the expected text of an expansion.
//
// They only assemble strings: every test still hands `assertExpansion` the full expanded
// source and compares it exactly. What they spare is spelling out, in every test, the
// members the macros generate the same way for every type.

/// A persisted property as `@Model` lists it in `schemaMetadata` and marks it in `init(backingData:)`.
struct Persisted {
    var name: String
    /// The `defaultValue:` argument, as source text.
    var defaultValue: String
    /// The `metadata:` argument, as source text.
    var metadata: String

    init(_ name: String, defaultValue: String = "nil", metadata: String = "nil") {
        self.name = name
        self.defaultValue = defaultValue
        self.metadata = metadata
    }
}

/// `text` with every non-empty line moved right by `levels` levels of four spaces.
func indented(_ text: String, by levels: Int = 1) -> String {
    let indentation = String(repeating: " ", count: 4 * levels)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : indentation + $0 }
        .joined(separator: "\n")
}

/// A type as a member macro leaves it: `header {`, the type's own `members` (given without
/// indentation, possibly empty), each of the `generated` members after a blank line, `}`,
/// then an empty extension adding `conformance` when one is given.
func expectedType(_ header: String, members: String, generated: [String], conformance: String?) -> String {
    var lines = ["\(header) {"]
    if !members.isEmpty {
        lines.append(indented(members))
    }
    for member in generated {
        lines.append("")
        lines.append(indented(member))
    }
    lines.append("}")
    if let conformance {
        lines.append("")
        lines.append("extension \(conformance) {")
        lines.append("}")
    }
    return lines.joined(separator: "\n")
}

/// A stored property `@_PersistedProperty` has turned into accessors, followed by its marker;
/// `index` is its position among the class's persisted properties. A `let` gets no setter.
func persistedAccessors(_ name: String, _ type: String, index: Int, specifier: String = "var") -> String {
    let setter = """
            set {
                _$observationRegistrar.withMutation(of: self, keyPath: Self._$keyPath_\(name)) {
                    StrataCore._setValue(&_$backingData, forKey: Self._$keyPath_\(name), at: \(index), to: newValue, of: self)
                }
            }

        """
    return """
        \(specifier) \(name): \(type) {
            @storageRestrictions(accesses: _$backingData, initializes: _\(name))
            init(initialValue) {
                StrataCore._initializeValue(&_$backingData, forKey: Self._$keyPath_\(name), at: \(index), to: initialValue)
                _\(name) = StrataCore._PersistedPropertyMarker()
            }
            get {
                _$observationRegistrar.access(self, keyPath: Self._$keyPath_\(name))
                return StrataCore._getValue(&_$backingData, forKey: Self._$keyPath_\(name), at: \(index))
            }
        \(specifier == "let" ? "" : setter)}

        @StrataCore.Transient private var _\(name): StrataCore._PersistedPropertyMarker
        """
}

/// The members `@Model` generates for the class `model`, in order.
///
/// `persisted` gives the `schemaMetadata` entries and the markers `init(backingData:)` sets;
/// `unique` and `indices` are the key-path literals of `#Unique` and `#Index`, when present;
/// `isFinal` adds the factories only a final class gets; `access` is that of the members a
/// subclass overrides (`open` in an `open` class).
func modelMembers(
    _ model: String, persisted: [Persisted] = [], unique: String? = nil, indices: String? = nil, isFinal: Bool = true, access: String = "public"
) -> [String] {
    let metadata = metadataList(persisted, root: isFinal ? model : "T")
    let initBody = persisted.map { "_\($0.name) = StrataCore._PersistedPropertyMarker()" }
        + ["self.persistentBackingData = backingData"]
    var members = [
        """
        @StrataCore.Transient @exclusivity(unchecked)
        private var _$backingData: (any StrataCore.BackingData<\(model)>)? = nil
        """,
        """
        \(access) var persistentBackingData: any StrataCore.BackingData<\(model)> {
            get {
                if let _$backingData {
                    return _$backingData
                }
                return StrataCore._backingData(&_$backingData)
            }
            set {
                _$backingData = newValue
            }
        }
        """,
        isFinal
            ? """
            public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
            \(indented(metadata))
            }
            """
            : overridableMetadata(model, metadata, inheriting: false, access: access),
        """
        public required init(backingData: any StrataCore.BackingData<\(model)>) {
        \(indented(initBody.joined(separator: "\n")))
        }
        """,
        """
        @StrataCore.Transient
        private let _$observationRegistrar = Observation.ObservationRegistrar()
        """,
    ]
    if isFinal {
        members += [
            """
            public static func createBackingData() -> any StrataCore.BackingData<\(model)> {
                StrataCore._makeBackingData(\(model).self)
            }
            """,
            """
            public static func _makeModel(
                _ seed: borrowing StrataCore._ModelSeed, values: consuming ContiguousArray<StrataCore.PersistentValue?>
            ) -> \(model) {
                StrataCore._makeModel(\(model).self, seed, values: values)
            }
            """,
        ]
    } else {
        members.append("public typealias _$ModelRoot = \(model)")
    }
    members += persisted.map { "private static let _$keyPath_\($0.name) = \\\(model).\($0.name)" }
    if let unique {
        members.append(keyPathsMember("schemaUniquenessConstraints", model, unique))
    }
    if let indices {
        members.append(keyPathsMember("schemaIndices", model, indices))
    }
    return members
}

/// The members `@Model` generates for `model`, a subclass of another `@Model` class, in order.
func subclassMembers(_ model: String, persisted: [Persisted], access: String = "public") -> [String] {
    let initBody = persisted.map { "_\($0.name) = StrataCore._PersistedPropertyMarker()" } + ["super.init(backingData: backingData)"]
    return [
        """
        @StrataCore.Transient @exclusivity(unchecked)
        private var _$backingData: StrataCore._SubclassBackingData? = nil
        """,
        """
        \(access) override var persistentBackingData: any StrataCore.BackingData<_$ModelRoot> {
            get {
                let backingData = super.persistentBackingData
                StrataCore._link(&_$backingData, to: backingData, of: self)
                return backingData
            }
            set {
                super.persistentBackingData = newValue
                StrataCore._relink(&_$backingData, to: newValue, of: self)
            }
        }
        """,
        overridableMetadata(model, metadataList(persisted, root: "T"), inheriting: true, access: access),
        """
        public required init(backingData: any StrataCore.BackingData<_$ModelRoot>) {
        \(indented(initBody.joined(separator: "\n")))
        }
        """,
        """
        @StrataCore.Transient
        private let _$observationRegistrar = Observation.ObservationRegistrar()
        """,
    ] + persisted.map { "private static let _$keyPath_\($0.name) = \\\(model).\($0.name)" }
}

/// The entries of `schemaMetadata`, with key paths rooted at `root`.
func metadataList(_ persisted: [Persisted], root: String) -> String {
    persisted.isEmpty
        ? "[]"
        : (["["] + persisted.map {
            "    StrataCore.Schema.PropertyMetadata(name: \"\($0.name)\", keypath: \\\(root).\($0.name), defaultValue: \($0.defaultValue), metadata: \($0.metadata)),"
        } + ["]"]).joined(separator: "\n")
}

/// The `schemaMetadata` of a class that may have subclasses: key paths rooted at the class it is read on.
func overridableMetadata(_ model: String, _ metadata: String, inheriting: Bool, access: String = "public") -> String {
    """
    \(access) \(inheriting ? "override " : "")class var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
        func metadata<T: \(model)>(_: T.Type) -> [StrataCore.Schema.PropertyMetadata] {
    \(indented(metadata, by: 2))
        }
        return \(inheriting ? "super.schemaMetadata + " : "")metadata(Self.self)
    }
    """
}

/// A static property returning the key paths of `#Unique` or `#Index`.
private func keyPathsMember(_ property: String, _ model: String, _ keyPaths: String) -> String {
    """
    public static var \(property): [[AnyKeyPath]] {
        let keyPaths: [[PartialKeyPath<\(model)>]] = \(keyPaths)
        return keyPaths
    }
    """
}

/// The full expansion of `@Model` on the class `model`.
///
/// `declaration` is the class header up to its `{` (default `final class <model>`);
/// `members` are the class's own members as they read after expansion, without indentation.
/// The `PersistentModel` extension is expected unless the class already declares the conformance.
func expectedModel(
    _ model: String,
    declaration: String? = nil,
    members: String = "",
    persisted: [Persisted] = [],
    unique: String? = nil,
    indices: String? = nil,
    addsConformance: Bool = true
) -> String {
    let header = declaration ?? "final class \(model)"
    return expectedType(
        header,
        members: members,
        generated: modelMembers(
            model, persisted: persisted, unique: unique, indices: indices, isFinal: header.split(separator: " ").contains("final")
        ),
        conformance: addsConformance ? "\(model): StrataCore.PersistentModel" : nil
    )
}

/// The full expansion of `@ModelActor` on the actor `name`.
func expectedModelActor(_ name: String, declaration: String, members: String = "", addsConformance: Bool = true) -> String {
    expectedType(
        declaration,
        members: members,
        generated: [
            "nonisolated public let modelExecutor: any StrataCore.ModelExecutor",
            "nonisolated public let modelContainer: StrataCore.ModelContainer",
            """
            public init(modelContainer: StrataCore.ModelContainer) {
                let modelContext = StrataCore.ModelContext(modelContainer)
                self.modelExecutor = StrataCore.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ],
        conformance: addsConformance ? "\(name): StrataCore.ModelActor" : nil
    )
}
