import ArgumentParser
import Foundation
import LinkNavigation
import LinkRouter
import LinkRouting

/// `linkrouterd test CASES.yaml`: runs link cases; one line per failing case, then the totals.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run link cases (SPEC §6 format) against a route table; exit 1 on any failure."
    )

    @Argument(help: "The cases file, e.g. config/links.test.yaml")
    var cases: String

    @OptionGroup var options: ConfigOption

    func run() throws {
        let (config, path) = try options.load()
        let text: String
        do {
            text = try String(contentsOfFile: cases, encoding: .utf8)
        } catch {
            StandardError.write("\(cases): cannot read the file: \(error.localizedDescription)\n")
            throw ExitCode(2)
        }
        let list: [LinkCase]
        do {
            list = try CaseFile.parse(text, file: cases)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
        let runner = CaseRunner(engine: Engine(config: config, configPath: path))
        var failed = 0
        for linkCase in list {
            guard let differences = runner.run(linkCase) else { continue }
            failed += 1
            print("FAIL \(cases):\(linkCase.line): \(linkCase.name): " + differences.joined(separator: "; "))
        }
        print("\(list.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}
