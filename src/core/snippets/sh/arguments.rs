//! How the bash script reads its arguments: the URL, the temporary files,
//! and what the curl arguments say (the method, the caller's --max-time, -o
//! and key, bodies that can be read only once). Fixed text, the same for
//! every policy, and long enough to stand alone.

/// The arguments: the URL, the temporary files and what the curl
/// arguments say; the same for every policy.
pub(super) const ARGUMENTS: &str = r#"# Each attempt's limit to connect, in seconds; a --connect-timeout among the
# curl arguments takes its place.
CONNECT_TIMEOUT_S=10

if (($# < 1)); then
  echo "usage: $0 URL [curl arguments]" >&2
  exit 64
fi
url=$1
shift

# RETRY_QUIET outranks RETRY_VERBOSE.
quiet=${RETRY_QUIET:-}
verbose=${RETRY_VERBOSE:-}
if [[ -n $quiet ]]; then verbose=; fi

# Every temporary file lives in one directory, removed on exit, as is an
# unfinished copy of the -o file.
tmp=$(mktemp -d) || exit 1
part=
trap 'rm -rf "$tmp" ${part:+"$part"}' EXIT

# A body that may be read only once (stdin, a FIFO, a process substitution,
# a device) is read here, once, into a file that every attempt reads; sets
# `file` to the name to give curl. Stdin keeps its name (each attempt's
# stdin is the copy); any other copy keeps its base name, which curl may
# send (-T adds it to a URL ending in /, -F as the filename).
stdin_copy=
copies=0
keep_body() {
  file=$1
  case $file in
    - | . | /dev/stdin | /dev/fd/0) # (. is -T's stdin, read without waiting)
      if [[ -z $stdin_copy ]]; then
        stdin_copy=$tmp/stdin
        cat >"$stdin_copy" || exit 64
      fi
      ;;
    *)
      # A regular file outside /dev can be read again; a missing one is
      # left to curl, which says so.
      if [[ -e $file && (! -f $file || $file == /dev/*) ]]; then
        copies=$((copies + 1))
        mkdir "$tmp/$copies"
        cat -- "$file" >"$tmp/$copies/${file##*/}" || exit 64
        file=$tmp/$copies/${file##*/}
      fi
      ;;
  esac
}

# The curl arguments, and what they say about the call: its method (-X
# wins; else a body means POST, -T PUT, -I HEAD, -G GET), the caller's own
# --max-time in ms and -o file (both taken out: the script applies them),
# an Idempotency-Key header of the caller's, and bodies to read once.
args=()
method=
implied=GET
get=
caller_max_ms=
caller_key=
output=
next=
# Reads one argument: an option, or the value of the option before it.
take() {
  local word=$1 option=$next name rest path
  next=
  case $option in
    "")
      case $word in
        -X | --request) next=method ;;
        -m | --max-time) next=max-time; return ;;
        -o | --output) next=output; return ;;
        -H | --header) next=header ;;
        -d | --data | --data-ascii | --data-binary | --json) next=data implied=POST ;;
        --data-urlencode) next=urlencode implied=POST ;;
        --data-raw | --form-string) next=text implied=POST ;;
        -F | --form) next=form implied=POST ;;
        -T | --upload-file) next=file implied=PUT ;;
        -K | --config) next=file ;;
        -I | --head) implied=HEAD ;;
        -G | --get) get=1 ;;
      esac
      ;;
    method) method=$word ;;
    max-time)
      caller_max_ms=$(LC_ALL=C awk -v s="$word" 'BEGIN { printf "%.0f", s * 1000 }')
      return
      ;;
    output) output=$word; return ;;
    header)
      case $word in
        [Ii][Dd][Ee][Mm][Pp][Oo][Tt][Ee][Nn][Cc][Yy]-[Kk][Ee][Yy]:*) caller_key=1 ;;
        @*) keep_body "${word#@}"; word=@$file ;;
      esac
      ;;
    data) if [[ $word == @* ]]; then keep_body "${word#@}"; word=@$file; fi ;;
    urlencode)
      # name@FILE or @FILE; an = before any @ makes the rest content.
      name=${word%%[=@]*}
      if [[ ${word:${#name}:1} == @ ]]; then
        keep_body "${word:${#name}+1}"
        word=$name@$file
      fi
      ;;
    form)
      # name=@FILE or name=<FILE, the file name ending at a ; (;type=...)
      # or a , (more files).
      rest=${word#*=}
      if [[ $word == *=* && $rest == [@\<]* ]]; then
        path=${rest:1}
        path=${path%%[;,]*}
        keep_body "$path"
        word=${word%%=*}=${rest:0:1}$file${rest:${#path}+1}
      fi
      ;;
    file) keep_body "$word"; word=$file ;;
  esac
  args+=("$word")
}
for word in "$@"; do
  # Run together (-sd @-), an option that takes a value would hide it from
  # the script, and a stdin body would go out empty: refuse.
  if [[ -z $next && $word == -[!-XmoHdFTK]*[XmoHdFTK]* ]]; then
    echo "retry.sh: write $word as separate options (-s -d, not -sd)" >&2
    exit 64
  fi
  if [[ -z $next && $word == -[XmoHdFTK]?* ]]; then
    take "${word:0:2}" # a value joined to its option (-XPUT, -d@-)
    word=${word:2}
  fi
  take "$word"
done
if [[ -n $get && $implied == POST ]]; then implied=GET; fi
method=${method:-$implied}

"#;
