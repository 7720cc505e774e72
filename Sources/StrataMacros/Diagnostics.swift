import SwiftDiagnostics

/// The errors Strata's macros report.
enum StrataDiagnostic: DiagnosticMessage {
    case modelNotAClass
    case modelActorNotAnActor
    case missingTypeAnnotation(String)
    case transientWithoutDefault(String)
    case attributeAndRelationship(String)
    case propertyObservers(String)
    case multipleBindings
    case constraintOnSubclass(String)

    var message: String {
        switch self {
        case .modelNotAClass: "@Model can only be applied to a class"
        case .modelActorNotAnActor: "@ModelActor can only be applied to an actor"
        case .missingTypeAnnotation(let name): "'\(name)' needs a type annotation or an initial value in a @Model class"
        case .transientWithoutDefault(let name): "@Transient property '\(name)' needs a default value"
        case .attributeAndRelationship(let name): "'\(name)' cannot be both an attribute and a relationship"
        case .propertyObservers(let name): "property observers are not supported on persisted property '\(name)'"
        case .multipleBindings: "@Model properties must be declared one per 'var', with a plain name"
        case .constraintOnSubclass(let name): "#\(name) must be declared on the root of a @Model class hierarchy, where it applies to every subclass"
        }
    }

    var diagnosticID: MessageID {
        let id =
            switch self {
            case .modelNotAClass: "modelNotAClass"
            case .modelActorNotAnActor: "modelActorNotAnActor"
            case .missingTypeAnnotation: "missingTypeAnnotation"
            case .transientWithoutDefault: "transientWithoutDefault"
            case .attributeAndRelationship: "attributeAndRelationship"
            case .propertyObservers: "propertyObservers"
            case .multipleBindings: "multipleBindings"
            case .constraintOnSubclass: "constraintOnSubclass"
            }
        return MessageID(domain: "StrataMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}
