import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A `@Model` class with one member the macro diagnoses but still expands around.
struct MemberDiagnosticCase: CustomTestStringConvertible {
    var source: String
    var model: String
    /// The class's own members as they read after expansion, without indentation.
    var expandedMembers: String
    var message: String
    var line: Int
    var column: Int

    var testDescription: String { model }
}

@Suite struct DiagnosticsTests {
    /// `@Model` wants a class and `@ModelActor` an actor; on anything else they only remove themselves.
    @Test(
        arguments: ["struct", "enum", "actor", "protocol"].map { ("Model", $0, "@Model can only be applied to a class") }
            + ["class", "struct"].map { ("ModelActor", $0, "@ModelActor can only be applied to an actor") }
    )
    func macroRejectsKindOfType(macro: String, kind: String, message: String) {
        assertExpansion(
            """
            @\(macro) \(kind) Thing {
            }
            """,
            expandsTo: """
            \(kind) Thing {
            }
            """,
            diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)]
        )
    }

    @Test(arguments: [
        MemberDiagnosticCase(
            source: """
                @Model final class Score {
                    var points
                }
                """,
            model: "Score",
            expandedMembers: "var points",
            message: "'points' needs a type annotation or an initial value in a @Model class",
            line: 2,
            column: 9
        ),
        MemberDiagnosticCase(
            source: """
                @Model final class Draft {
                    @Transient var body: String
                    @Transient var note: String?
                }
                """,
            model: "Draft",
            expandedMembers: """
                var body: String
                var note: String?
                """,
            message: "@Transient property 'body' needs a default value",
            line: 2,
            column: 20
        ),
        MemberDiagnosticCase(
            source: """
                @Model final class Pet {
                    @Attribute(.unique) @Relationship var owner: Person?
                }
                """,
            model: "Pet",
            expandedMembers: "var owner: Person?",
            message: "'owner' cannot be both an attribute and a relationship",
            line: 2,
            column: 43
        ),
        MemberDiagnosticCase(
            source: """
                @Model final class Post {
                    var title: String = "" {
                        didSet { print(title) }
                    }
                }
                """,
            model: "Post",
            expandedMembers: """
                var title: String = "" {
                    didSet { print(title) }
                }
                """,
            message: "property observers are not supported on persisted property 'title'",
            line: 2,
            column: 28
        ),
        MemberDiagnosticCase(
            source: """
                @Model final class Point {
                    var x, y: Double
                }
                """,
            model: "Point",
            expandedMembers: "var x, y: Double",
            message: "@Model properties must be declared one per 'var', with a plain name",
            line: 2,
            column: 9
        ),
    ])
    func memberIsDiagnosedAndLeftUnpersisted(_ testCase: MemberDiagnosticCase) {
        assertExpansion(
            testCase.source,
            expandsTo: expectedModel(testCase.model, members: testCase.expandedMembers),
            diagnostics: [DiagnosticSpec(message: testCase.message, line: testCase.line, column: testCase.column)]
        )
    }
}
