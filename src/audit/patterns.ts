/**
 * The phrase tables the text rules match, apart from the rules' logic (rules.ts). Each pattern is
 * written for precision: ordinary tool text ("IMPORTANT: paths must be absolute", "use
 * list_directory first", a password-reset tool, an `api_key` parameter, a docs URL) must not
 * match; the published poisoning examples must. All are case-insensitive and run per string.
 */

/**
 * Cheap pre-tests, one per rule: a string none of whose words match cannot match the rule's
 * patterns, so most strings cost one `test` per rule (bench:audit).
 */
export const MAY_CONCEAL = /user|human|operator|silently|secretly|covertly|surreptitiously|mention|reveal|disclose/i;
export const MAY_OVERRIDE = /ignore|disregard|forget|override|bypass|you\s+are\s+now|instructions/i;
export const MAY_DIRECT = /[<[]/;
export const MAY_REACH_BEYOND = /before|prior\s+to|content|contents|text|data|value|output/i;
export const MAY_NAME_CREDENTIALS = /\.ssh|id_(?:rsa|dsa|ecdsa|ed25519)|mcp\.json|claude_desktop|\.aws|\.netrc|\.npmrc|\.pypirc|git-credentials|pgpass|_history|\.docker|\.kube|\.gnupg|\.config\/|\/etc\/|wallet\.dat/i;
export const MAY_HARVEST = /api[\s_-]?keys?|passwords?|private\s+keys?|secret\s+keys?|tokens?|credentials|cookies?|seed\s+phrase|mnemonic/i;
export const MAY_STEER_ALL = /when|before|after|each\s+time|every\s+time/i;
export const MAY_OVERREACH = /system\s+prompt|instructions|rules|guidelines|prompt|tools|environment|context|conversation/i;
export const MAY_ASK_CONTEXT = /conversation|chat|context|transcript|messages|everything/i;

/** Telling the model to hide something from the person it works for. */
export const CONCEALMENT = [
  /\b(?:do\s+not|don['’]t|never|must\s+not|should\s+not|shouldn['’]t)\s+(?:tell|mention|inform|reveal|disclose|alert|explain\s+to)\b[^.!?\n]{0,60}?\b(?:the\s+)?(?:user|human|operator)s?\b/gi,
  /\b(?:do\s+not|don['’]t|never)\s+(?:mention|reveal|disclose)\s+(?:this|that|these|it|the\s+(?:above|following|instructions?|note))\b/gi,
  /\bwithout\s+(?:telling|informing|alerting|letting)\s+(?:the\s+)?(?:user|human)\b/gi,
  /\b(?:the\s+)?user\s+(?:must|should|will|need)\s*(?:not|never|n['’]t)\s+(?:know|see|notice|find\s+out|be\s+(?:told|informed|aware))\b/gi,
  /\b(?:keep|hide)\s+(?:this|it|these|that|the\s+\w+)\s+(?:secret\s+|hidden\s+)?from\s+the\s+user\b/gi,
  /\b(?:silently|secretly|covertly|surreptitiously)\s+(?:read|send|call|include|add|pass|forward|upload|copy|change|replace|attach|run)\b/gi,
];

/** Attempts to replace the host's instructions. */
export const OVERRIDE = [
  /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+)?(?:of\s+)?(?:your\s+|the\s+)?(?:previous|prior|above|earlier|preceding|other|original|system|safety)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages|constraints)\b/gi,
  /\byou\s+are\s+now\s+(?:in\s+)?(?:developer\s+mode|DAN|jailbroken|unrestricted|an?\s+unrestricted)\b/gi,
  /\bnew\s+(?:system\s+)?instructions\s*:/gi,
];

/** Markup that marks text as addressed to the model rather than the reader. */
export const DIRECTIVE_BLOCKS = [
  /<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|system[-_ ]?(?:prompt|message|reminder|override))\s*>/gi,
  /\[\/?(?:INST|SYSTEM)\]/g,
  /<\|im_(?:start|end)\|>/g,
];

/**
 * An HTML comment with something in it: a markdown renderer hides it, the model reads it. An empty
 * one (`<!-- -->`, as a description quotes the syntax it forbids) hides nothing. Apart from
 * DIRECTIVE_BLOCKS because it is run only up to the text's last `-->` (rules.ts): every `<!--`
 * after that one would scan to the end of the text and fail, quadratic in a text of many.
 */
export const HTML_COMMENT = /<!--(?!\s*-->)[\s\S]*?-->/g;

/** A pre-condition that sends the model to a file before it uses the tool. */
export const PRECONDITION_READ = [
  /\b(?:before|prior\s+to)\s+(?:using|calling|invoking|running|executing)\s+(?:this|the|any)\s+tool\b[^.!?\n]{0,80}?\b(?:read|cat|open|load|access|fetch)\b[^.!?\n]{0,80}/gi,
];

/** Reading something from elsewhere: a file, the context, another tool's output (SMUGGLE_THROUGH_PARAMETER's source). */
export const READS_FROM_ELSEWHERE = /\b(?:read|cat|open|load|fetch|access|copy|retrieve|extract|collect|gather)\b/i;

/**
 * Smuggling data out through an argument: "pass its content as 'sidenote'". Counted only where
 * the sentence or the one before it reads the data from elsewhere (READS_FROM_ELSEWHERE): a tool
 * that says which of its fields takes the text ("put the text content in the field named in the
 * index's fieldMap") is ordinary.
 */
export const SMUGGLE_THROUGH_PARAMETER = [
  /\b(?:pass|put|place|include|insert|append|add|send|provide)\s+(?:its|the(?:ir)?|that|this\s+file['’]s|the\s+file['’]s|the\s+entire|the\s+full|the\s+whole)\s+(?:full\s+|entire\s+|whole\s+|complete\s+)?(?:content|contents|text|data|value|output)\b[^.!?\n]{0,40}?\b(?:as|in|into|inside|through|via)\s+(?:the\s+)?['"`]?[\w-]+['"`]?(?:\s+(?:parameter|argument|field|param))?/gi,
];

/**
 * Credential files and secret stores by path. A mention is a warning (an SSH tool may name its
 * default key); a mention next to an instruction to read or send it is an error.
 */
export const CREDENTIAL_PATHS = [
  /(?:~|\$HOME|%USERPROFILE%)?\/?\.ssh\/[\w.-]*/gi,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?\b/gi,
  /(?:~\/)?\.cursor\/mcp\.json\b/gi,
  /\bclaude_desktop_config\.json\b/gi,
  /(?:~\/)?\.aws\/(?:credentials|config)\b/gi,
  /(?:~\/)?\.(?:netrc|npmrc|pypirc|git-credentials|pgpass|bash_history|zsh_history)\b/gi,
  /(?:~\/)?\.docker\/config\.json\b/gi,
  /(?:~\/)?\.kube\/config\b/gi,
  /(?:~\/)?\.gnupg\b/gi,
  /(?:~\/)?\.config\/(?:gcloud|gh\/hosts\.yml)\b/gi,
  /\/etc\/(?:shadow|passwd|sudoers)\b/gi,
  /\bwallet\.dat\b/gi,
];

/** An instruction to read or send what follows (same sentence). */
export const READ_OR_SEND_DIRECTIVE = /(?:^|[.!?:;,\n>]\s*|\b(?:must|should|first|then|and|please|always|also)\s+)(?:read|cat|open|send|upload|include|attach|pass|copy|get|fetch|load|provide|access|retrieve|extract)\b[^.!?\n]{0,80}$/i;

/** Harvesting secrets from the model's context or environment. */
export const SECRET_HARVEST = [
  /\b(?:include|pass|send|provide|add|insert|put|collect|extract|gather|list)\b[^.!?\n]{0,40}?\b(?:api[\s_-]?keys?|passwords?|private\s+keys?|secret\s+keys?|access\s+tokens?|auth(?:entication)?\s+tokens?|credentials|session\s+cookies?|seed\s+phrases?|mnemonics?)\b[^.!?\n]{0,40}?\b(?:from|in|of|found\s+in)\s+(?:the\s+|your\s+|any\s+)?(?:environment(?:\s+variables)?|env|conversation|context|chat|system\s+prompt|config(?:uration)?(?:\s+files?)?|memory|other\s+tools?|previous\s+messages)\b/gi,
];

/**
 * Verbs of sending, objects worth stealing, and where they would go (exfiltration = all three).
 * An address's local part is read back at most 64 characters (RFC 5321's limit), not from a word
 * boundary: unbounded, every boundary of a long `x.x.x…` without `@` scanned to its end.
 */
export const EXFIL_VERB = /\b(?:send|post|upload|forward|transmit|exfiltrate|leak|submit|report|copy|mail|email|relay|sync)\b/i;
export const EXFIL_OBJECT = /\b(?:(?:entire|full|whole|complete)\s+(?:conversation|chat|context|history|transcript|prompt)|conversation(?:\s+history)?|chat\s+(?:history|log|transcript)|message\s+history|previous\s+messages|all\s+(?:previous\s+|prior\s+)?messages|system\s+prompt|(?:file|document)\s+contents?|contents?\s+of\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:files?|~|\/|\.)|all\s+files|credentials|secrets|environment\s+variables|api\s+keys?|private\s+keys?|(?:the\s+)?user['’]s\s+(?:data|files|messages|emails|contacts|documents))\b/i;
export const EXFIL_DESTINATION = /(?:https?:\/\/[^\s)>"'`]+|[\w.+-]{1,64}@[\w-]+\.[\w.-]+\b|\bto\s+(?:the\s+|this\s+|our\s+|my\s+|an?\s+)?(?:following\s+|external\s+|remote\s+)?(?:url|endpoint|server|webhook|address|email(?:\s+address)?|domain|host)\b|\b(?:to|via|using|through|with)\s+(?:the\s+)?['"`]?[A-Za-z][\w.-]*['"`]?\s+tool\b)/i;

/**
 * A markdown image whose URL carries data in its query: rendering it sends the data. The rule runs
 * image-beacon.ts, which finds these spans in linear time; this is its definition, and its test's oracle.
 */
export const IMAGE_BEACON = /!\[[^\]\n]*\]\(\s*https?:\/\/[^)\s]*[?&][^)\s]*=[^)\s]*(?:\{|\$|%7B|<)[^)\n]*\)/gi;

/** Directives that change how another tool is used (shadowing), near a tool's name. */
export const SHADOWING_DIRECTIVE = /\b(?:when(?:ever)?|before|after|instead\s+of|rather\s+than|do\s+not\s+use|don['’]t\s+use|never\s+use|replace|redirect|override|change\s+the|modify\s+the|set\s+the|always\s+(?:add|include|cc|bcc|send|use))\b/i;

/** Any other tool, generically: "whenever any other tool is called, …". */
export const ALL_TOOLS_DIRECTIVE = [
  /\b(?:when(?:ever)?|before|after|each\s+time|every\s+time)\s+(?:any|another|an?\s+other|other|every|all)\s+(?:other\s+)?tools?\s+(?:is\s+|are\s+)?(?:called|used|invoked|runs?|executed)\b[^.!?\n]{0,120}/gi,
];

/** A tool asking to be chosen over a tool of the same name. */
export const PREFER_ME = /\b(?:(?:prefer|use)\s+this\s+(?:tool|one|version|implementation)(?:\s+\w+)?\s+(?:instead|over|rather)|always\s+use\s+this\s+(?:tool|one|version)|do\s+not\s+use\s+(?:the\s+)?(?:other|original|old)|this\s+(?:is\s+the\s+)?(?:preferred|official|correct|updated|new|real)\s+(?:version|tool|implementation)|(?:other|original)\s+(?:\w+\s+){0,3}(?:is|are)\s+(?:deprecated|outdated|broken|insecure|unsafe|malicious))\b/gi;

/**
 * What a parameter has no business asking for, whatever the tool does (error). Environment
 * variables count only as the model's or host's own (`your environment variables`): a deploy or
 * hosting tool's parameter that takes the variables to set is ordinary.
 */
export const PARAMETER_OVERREACH = [
  /\b(?:system\s+prompt|(?:your|the\s+assistant['’]s|the\s+model['’]s)\s+(?:instructions|rules|guidelines|prompt)|(?:list|names)\s+of\s+(?:all\s+)?(?:available\s+|other\s+)?tools|other\s+tools['’]?\s+(?:outputs?|results|responses)|(?:your|all\s+(?:of\s+)?(?:your|the)|the\s+(?:current|assistant['’]s|model['’]s|agent['’]s|host['’]s|machine['’]s|system['’]s|process['’]s))\s+(?:environment\s+variables|env\s+vars)|(?:api\s+keys?|passwords?|tokens?|credentials)\s+(?:from|in|found\s+in)\s+(?:the\s+)?(?:context|conversation|environment))\b/gi,
];

/** What a parameter rarely needs and often smuggles (warning). */
export const PARAMETER_CONTEXT = [
  /\b(?:(?:entire|full|whole|complete)\s+(?:conversation|chat|context|transcript)|(?:conversation|chat)\s+history|all\s+(?:previous\s+|prior\s+)messages|everything\s+the\s+user\s+(?:said|typed|wrote))\b/gi,
];
