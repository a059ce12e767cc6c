import ArgumentParser
import LinkNavigation
import LinkRouter
import LinkRouting

/// `--config FILE`, shared by the commands that load a route table.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "The route table (YAML or JSON). Default: config/routes.yaml, else the built-in sample.")
    var config: String?

    /// The table, or the diagnostics printed to standard error and exit code 1.
    func load() throws -> (config: LoadedConfig, path: String?) {
        do {
            if let path = config { return (try ConfigLoader.load(path: path), path) }
            if FileSystem.isReadable(DefaultConfig.path) {
                return (try ConfigLoader.load(path: DefaultConfig.path), DefaultConfig.path)
            }
            return (try ConfigLoader.load(text: DefaultConfig.text, file: "<built-in " + DefaultConfig.path + ">"), nil)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode(1)
        }
    }
}
