"""The `ruleforge` command group; each command lives in a module of its own."""

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruleforge")
def cli() -> None:
    """Card games as rule files: check them, play them, simulate them.

    Exit codes: 0 done, 1 a rule file has mistakes (or a deep check or a replay fails),
    2 a usage error or a file that cannot be read, 130 interrupted. Shell completion
    (bash): eval "$(_RULEFORGE_COMPLETE=bash_source ruleforge)"; see the README.

    \b
    Examples:
      ruleforge check *.rules
      ruleforge run mygame.rules --seed 7
      ruleforge play mygame.rules --as north
      ruleforge COMMAND --help
    """
