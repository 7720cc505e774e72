import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: makes a class a persistent model whose stored properties live in its backing data.
public struct ModelMacro {}

extension ModelMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let model = declaration.as(ClassDeclSyntax.self)?.name.trimmed else {
            context.diagnose(Diagnostic(node: node, message: StrataDiagnostic.modelNotAClass))
            return []
        }
        for case .invalid(let diagnostic) in members(of: declaration) {
            context.diagnose(diagnostic)
        }
        let properties = persistedProperties(of: declaration)
        if isSubclass(declaration, conformingTo: protocols) {
            return subclassMembers(model, properties, declaration, in: context)
        }
        let isFinal = declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) })
        var members = [
            backingDataStorage(model),
            backingDataAccessor(model, access: declaration.overridableAccess),
            schemaMetadata(model, properties, overridable: !isFinal, access: declaration.overridableAccess),
            backingDataInit(model, properties),
            "@StrataCore.Transient\nprivate let _$observationRegistrar = Observation.ObservationRegistrar()",
        ]
        if isFinal {
            members += concreteFactories(model)
        } else {
            // What a `@Model` subclass names its hierarchy's `BackingData` by (see ModelMacro+Subclass.swift).
            members.append("public typealias _$ModelRoot = \(model)")
        }
        members += properties.map { keyPathConstant(model, $0) }
        let constraints = arguments(of: "Unique", in: declaration)
        if !constraints.isEmpty {
            members.append(keyPathLists("schemaUniquenessConstraints", model, constraints))
        }
        let indices = arguments(of: "Index", in: declaration)
        if !indices.isEmpty {
            members.append(keyPathLists("schemaIndices", model, indices))
        }
        return members
    }

    /// Empty until first used, so `init(backingData:)` never builds backing data it throws away.
    /// Unchecked for exclusivity: every accessor reads it, and no access to it overlaps another.
    private static func backingDataStorage(_ model: TokenSyntax) -> DeclSyntax {
        """
        @StrataCore.Transient @exclusivity(unchecked)
        private var _$backingData: (any StrataCore.BackingData<\(model)>)? = nil
        """
    }

    /// A final class's own `createBackingData()` and `_makeModel(_:values:)`: StrataCore's generic
    /// versions look the backing data's type up at run time for every model; here it is
    /// concrete. (A non-final class keeps the generic ones: its `Self` is not its name.)
    private static func concreteFactories(_ model: TokenSyntax) -> [DeclSyntax] {
        [
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
    }

    /// The key path of one persisted property, made once: a key path literal in an accessor is
    /// instantiated by the runtime on every call.
    static func keyPathConstant(_ model: TokenSyntax, _ property: PersistedProperty) -> DeclSyntax {
        "private static let \(raw: keyPathConstantName(property.name)) = \\\(model).\(property.name)"
    }

    private static func backingDataAccessor(_ model: TokenSyntax, access: String) -> DeclSyntax {
        """
        \(raw: access) var persistentBackingData: any StrataCore.BackingData<\(model)> {
            get {
                if let _$backingData { return _$backingData }
                return StrataCore._backingData(&_$backingData)
            }
            set { _$backingData = newValue }
        }
        """
    }

    /// `schemaMetadata`: a static list for a final class; for a class that may have `@Model`
    /// subclasses, a class property whose key paths are rooted at the class it is read on
    /// (`\T.name` in a generic function), so `Car.schemaMetadata` lists `\Car.name`, the key
    /// path a `#Predicate<Car>` uses, not `\Vehicle.name`.
    static func schemaMetadata(
        _ model: TokenSyntax, _ properties: [PersistedProperty], overridable: Bool, inheriting: Bool = false, access: String = "public"
    ) -> DeclSyntax {
        let root = overridable ? "T" : model.text
        let entries = properties.map { property -> String in
            // Without a declared type the initializer alone gives the type, as it does for the property.
            let defaultValue = property.initializer.map { initializer in
                property.type.map { "(\(initializer) as \($0))" } ?? "(\(initializer))"
            } ?? "nil"
            return """
                StrataCore.Schema.PropertyMetadata(name: "\(property.name.plainName)", \
                keypath: \\\(root).\(property.name), defaultValue: \(defaultValue), metadata: \(property.metadata)),
                """
        }
        let list = entries.isEmpty ? "[]" : "[\n\(entries.joined(separator: "\n"))\n]"
        guard overridable else {
            return """
                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                \(raw: list)
                }
                """
        }
        return """
            \(raw: access) \(raw: inheriting ? "override " : "")class var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
            func metadata<T: \(model)>(_: T.Type) -> [StrataCore.Schema.PropertyMetadata] {
            \(raw: list)
            }
            return \(raw: inheriting ? "super.schemaMetadata + " : "")metadata(Self.self)
            }
            """
    }

    private static func backingDataInit(_ model: TokenSyntax, _ properties: [PersistedProperty]) -> DeclSyntax {
        let markers = properties.map { "_\($0.name.plainName) = StrataCore._PersistedPropertyMarker()\n" }
        return """
            public required init(backingData: any StrataCore.BackingData<\(model)>) {
            \(raw: markers.joined())self.persistentBackingData = backingData
            }
            """
    }

    /// A static list of key path lists; an `#Index` argument of a kind (`.binary([…])`,
    /// `.rtree([…])`) contributes its key paths.
    static func keyPathLists(_ name: String, _ model: TokenSyntax, _ lists: [ExprSyntax]) -> DeclSyntax {
        let elements = lists.map { list in
            list.is(ArrayExprSyntax.self)
                ? list.description
                : "(\(list.description) as StrataCore.Schema.Index<\(model.text)>.Types<\(model.text)>).keyPaths"
        }.joined(separator: ", ")
        return """
            public static var \(raw: name): [[AnyKeyPath]] {
            let keyPaths: [[PartialKeyPath<\(model)>]] = [\(raw: elements)]
            return keyPaths
            }
            """
    }

    /// What `@Model` makes of each `var`/`let` member of the class, in declaration order.
    private static func members(of declaration: some DeclGroupSyntax) -> [ModelMember] {
        declaration.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.map(ModelMember.init)
    }

    /// The persisted properties in declaration order: property `i` is slot `i` of the backing
    /// data, the `i`-th entry of `schemaMetadata` and the `index` its accessors pass.
    private static func persistedProperties(of declaration: some DeclGroupSyntax) -> [PersistedProperty] {
        members(of: declaration).compactMap { member in
            if case .persisted(let property) = member { return property }
            return nil
        }
    }

    /// The arguments of every `#name(...)` line in the class body, in order.
    static func arguments(of name: String, in declaration: some DeclGroupSyntax) -> [ExprSyntax] {
        declaration.memberBlock.members
            .compactMap { $0.decl.as(MacroExpansionDeclSyntax.self) }
            .filter { $0.macroName.text == name }
            .flatMap { $0.arguments.map(\.expression.trimmed) }
    }
}

extension ModelMacro: MemberAttributeMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self),
            let variable = member.as(VariableDeclSyntax.self),
            case .persisted(let property) = ModelMember(variable),
            let index = persistedProperties(of: declaration).firstIndex(where: { $0.name.text == property.name.text })
        else { return [] }
        return ["@_PersistedProperty(index: \(raw: index))"]
    }
}

extension ModelMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self), !protocols.isEmpty, !declaration.inherits("PersistentModel") else {
            return []
        }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): StrataCore.PersistentModel {}")]
    }
}
