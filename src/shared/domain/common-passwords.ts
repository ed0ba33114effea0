// The commonest passwords of 8 or more characters, lower-cased: a new password that is one of
// these (ignoring case) is refused (auth-rules.ts). Shorter ones are refused by length anyway.
//
// Where it came from: the first ~1,600 lines of the UK National Cyber Security Centre's
// "100k most used passwords" list (from Have I Been Pwned's Pwned Passwords, as published in
// SecLists: Passwords/Common-Credentials/100k-most-used-passwords-NCSC.txt), keeping the entries
// of 8+ characters, lower-cased, without the offensive ones; plus a few a class would guess first
// (fortnite, roblox123, school123, python123, pyclass1, …). No network at run time.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  123456789 password 12345678 password1 1234567890 iloveyou 1q2w3e4r5t qwertyuiop 1qaz2wsx myspace1
  1q2w3e4r qwerty123 target123 987654321 1g2w3e4r zag12wsx gwerty123 asdfghjkl 123123123 computer
  princess 1234qwer iloveyou1 789456123 princess1 11111111 passer2009 abcd1234 football1 superman
  jordan23 12qwaszx baseball 123456789a 88888888 michael1 linkedin babygirl1 qwer1234 liverpool
  michelle q1w2e3r4 0123456789 iloveyou2 1111111111 jennifer 147258369 babygirl jessica1 0987654321
  anthony1 q1w2e3r4t5y6 baseball1 qazwsxedc basketball passw0rd trustno1 qwerty12 chocolate charlie1
  samantha asdf1234 superman1 butterfly sunshine1 internet alexander 00000000 12341234 qweasdzxc
  1qazxsw2 password12 password2 hello123 12344321 brandon1 starwars jonathan 1234567891 q1w2e3r4t5
  12345qwert a123456789 christian 12345678910 mercedes victoria matthew1 123654789 elizabeth
  computer1 michelle1 william1 11223344 welcome1 zaq12wsx jasmine1 liverpool1 1qaz2wsx3edc metallica
  slipknot chicken1 87654321 0000000000 spiderman 147852369 butterfly1 tinkerbell danielle nicholas
  qwerty12345 1234554321 asdfasdf pokemon1 123qweasd chocolate1 1234567a juventus 999999999 jennifer1
  freedom1 741852963 qwertyui 1password myspace123 1234abcd madison1 samantha1 elizabeth1 november
  valentina whatever1 super123 password123 spongebob1 hellokitty alexandra 1q2w3e4r5t6y december
  a1b2c3d4 123456789q beautiful carolina 4815162342 sebastian startfinding midnight elephant scorpion
  bubbles1 patrick1 veronica melissa1 september alexander1 iloveyou! zxcvbnm1 12121212 spongebob
  stephanie lovelove precious manchester cristina a1234567 qqww1122 jackson1 asdfghjkl1 qazwsx123
  newyork1 richard1 destiny1 slipknot1 monster1 spiderman1 emmanuel charlotte beautiful1 creative
  softball brittany aa123456 kristina 12345678a 1a2b3c4d 9876543210 kimberly babyboy1 123456abc
  brittany1 1122334455 metallica1 1029384756 california christian1 password! 963852741 danielle1
  samsung1 icecream qwerty123456 leonardo christine bismillah iloveyou12 snickers qwerty1234 twilight
  football12 loveyou1 starwars1 123qwe123 abc123456 crystal1 trinity1 password3 alejandro poohbear1
  corvette jonathan1 nicholas1 friendster portugal brooklyn darkness rainbow1 snowball 1234512345
  123qweasdzxc strawberry abcdefg1 asdfghjk vanessa1 happy123 superstar babygurl1 christopher
  love1234 midnight1 williams 55555555 sweetpea greenday1 sunflower 1123581321 precious1 brooklyn1
  stephanie1 sweetheart 123698745 21212121 a12345678 22222222 abc12345 12345qwerty christina
  zxcvbnm123 password11 123454321 australia soccer12 facebook changeme realmadrid asdasdasd francesco
  inuyasha 111222333 savannah courtney1 alessandro password7 bestfriend volleyball princess12
  teddybear natalie1 passwort francesca abcdefgh babygirl12 111111111 happiness estrella princesa
  abcdefg123 77777777 blahblah godisgood twilight1 147896325 benjamin1 margarita hallo123 pass1234
  password5 hollywood password01 serenity 123456qwerty 25802580 microsoft superstar1 31415926
  internet1 westside1 christina1 icecream1 christmas snickers1 lasvegas september1 123456789m
  minecraft terminator security drowssap 123456789z 19871987 poiuytrewq jackson5 p@ssw0rd kimberly1
  rammstein alexandre scotland motdepasse harrypotter babydoll 192837465 321654987 iloveyou.
  runescape1 francisco alejandra stonecold 1qaz1qaz killer123 a1s2d3f4 19851985 welcome123 carpediem
  aaaaaaaaaa zaq1xsw2 admin123 anastasia 12369874 savannah1 1234567q 123456654321 india123 platinum
  gangster1 passport jesuschrist hotmail1 katherine myspace12 123321123 asdfghjkl: 69696969 valentine
  hercules wolverine jamesbond 19841984 maradona mercedes1 amsterdam 19861986 goldfish princess2
  14789632 idontknow hollywood1 diamonds ihateyou1 cutiepie 135792468 hahahaha timothy1 123456123
  buttercup argentina cocacola1 soccer123 maryjane1 dragonball stargate 19891989 infinity 7894561230
  runescape paintball1 test1234 summer08 football2 swimming password4 passw0rd1 qwerty1! letmein1
  letmein123 monkey123 dragon123 sunshine football master123 shadow123 password1! arsenal1 chelsea1
  manchester1 manutd12 tottenham everton1 pokemon123 minecraft1 fortnite fortnite1 roblox123 youtube1
  instagram snapchat1 football123 school123 student1 teacher1 pyclass1 python123 changeme1 letmein!
  1234567890a 12345678910a qwertyuiop1 asdfghjkl123 zxcvbnm12
`
    .trim()
    .split(/\s+/),
);
