import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct DiagnosticsTests {
    @Test(arguments: ["struct", "enum", "actor", "protocol"])
    func modelRequiresAClass(kind: String) {
        assertExpansion(
            """
            @Model \(kind) Thing {
            }
            """,
            expandsTo: """
            \(kind) Thing {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model can only be applied to a class", line: 1, column: 1)]
        )
    }

    @Test func persistedPropertyNeedsTypeAnnotation() {
        assertExpansion(
            """
            @Model final class Score {
                var points = 0
            }
            """,
            expandsTo: """
            final class Score {
                var points = 0

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Score> = Score.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Score> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Score>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Score: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "'points' needs an explicit type annotation in a @Model class", line: 2, column: 9)]
        )
    }

    @Test func letPropertyOffersVar() {
        assertExpansion(
            """
            @Model final class Badge {
                let code: String
            }
            """,
            expandsTo: """
            final class Badge {
                let code: String

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Badge> = Badge.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Badge> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Badge>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Badge: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model properties must be declared with 'var'",
                    line: 2,
                    column: 5,
                    fixIts: [FixItSpec(message: "Replace 'let' with 'var'")]
                )
            ],
            fixedSource: """
            @Model final class Badge {
                var code: String
            }
            """
        )
    }

    @Test func transientNeedsDefaultValue() {
        assertExpansion(
            """
            @Model final class Draft {
                @Transient var body: String
                @Transient var note: String?
            }
            """,
            expandsTo: """
            final class Draft {
                var body: String
                var note: String?

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Draft> = Draft.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Draft> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Draft>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Draft: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Transient property 'body' needs a default value", line: 2, column: 20)]
        )
    }

    @Test func attributeAndRelationshipExcludeEachOther() {
        assertExpansion(
            """
            @Model final class Pet {
                @Attribute(.unique) @Relationship var owner: Person?
            }
            """,
            expandsTo: """
            final class Pet {
                var owner: Person?

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Pet> = Pet.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Pet> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Pet>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Pet: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "'owner' cannot be both an attribute and a relationship", line: 2, column: 43)]
        )
    }

    @Test func propertyObserversAreRejected() {
        assertExpansion(
            """
            @Model final class Post {
                var title: String = "" {
                    didSet { print(title) }
                }
            }
            """,
            expandsTo: """
            final class Post {
                var title: String = "" {
                    didSet { print(title) }
                }

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Post> = Post.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Post> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Post>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Post: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "property observers are not supported on persisted property 'title'", line: 2, column: 28)]
        )
    }

    @Test func oneBindingPerPersistedProperty() {
        assertExpansion(
            """
            @Model final class Point {
                var x, y: Double
            }
            """,
            expandsTo: """
            final class Point {
                var x, y: Double

                @StrataCore.Transient
                private var _$backingData: any StrataCore.BackingData<Point> = Point.createBackingData()

                public var persistentBackingData: any StrataCore.BackingData<Point> {
                    get {
                        _$backingData
                    }
                    set {
                        _$backingData = newValue
                    }
                }

                public static var schemaMetadata: [StrataCore.Schema.PropertyMetadata] {
                    []
                }

                public required init(backingData: any StrataCore.BackingData<Point>) {
                    self.persistentBackingData = backingData
                }

                @StrataCore.Transient
                private let _$observationRegistrar = Observation.ObservationRegistrar()
            }

            extension Point: StrataCore.PersistentModel {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@Model properties must be declared one per 'var', with a plain name", line: 2, column: 9)]
        )
    }

    @Test(arguments: ["class", "struct"])
    func modelActorRequiresAnActor(kind: String) {
        assertExpansion(
            """
            @ModelActor \(kind) Worker {
            }
            """,
            expandsTo: """
            \(kind) Worker {
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@ModelActor can only be applied to an actor", line: 1, column: 1)]
        )
    }
}
