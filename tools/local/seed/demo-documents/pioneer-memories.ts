/**
 * The demo "Memories of a Pioneer", parts 1 and 2: Ole Haugen (1884–1979) telling his memories in Norwegian on
 * tape in 1974, written down by his daughter Astrid Nordby in Bokmål, with the American words the old settlers
 * used left as he said them. Part 1 is Vågå, the journey and Minnesota; part 2 the homestead, the blizzards, the
 * railway war, the church and the family. Fictional.
 */
import type { Transcript } from './transcripts.ts';

const FIELDS = [
  ['Forteller', 'Ole Haugen (1884–1979), født på Haugen i Vågå'],
  ['Tatt opp', 'Rolette, Nord-Dakota, vinteren 1974, på lydbånd'],
  ['Skrevet ned av', 'datteren Astrid Nordby, 1975'],
] as const;

const NOTE =
  'Far snakket en blanding av vågåmål, bokmål og amerikansk, slik de gamle her gjorde. Jeg har skrevet det ' +
  'om til vanlig bokmål, men latt de amerikanske ordene stå slik han sa dem: fila (the field, åkeren), ' +
  'sjantien (the shanty, den første hytta), storen (the store, landhandelen) og rælroden (the railroad, ' +
  'jernbanen). Det han sa på engelsk, står på engelsk. – Astrid Nordby';

export const PIONEER_MEMORIES: readonly Transcript[] = [
  {
    id: 'pioneer-memories-1',
    language: 'nb',
    heading: ['MINNER FRA NYBYGGERTIDA', 'Memories of a Pioneer, Part 1', 'Del 1: Vågå, reisen og Minnesota'],
    pageLabel: 'Side {n}',
    fields: FIELDS,
    sections: [
      { paragraphs: [NOTE] },
      {
        heading: 'Haugen',
        paragraphs: [
          'Ja, du vil at jeg skal fortelle om gamle dager, Astrid. Det er ikke så lett å vite hvor en skal ' +
            'begynne når en er nitti år. Men jeg får begynne der jeg begynte, på Haugen i Vågå. Jeg er født ' +
            'der den fjortende mars 1884. Haugen er en liten gard på nordsida av dalen, litt vest for kirka, og ' +
            'når en står på tunet, ser en ned på Otta, elva, og over til fjella på den andre sida. Det var ' +
            'ikke far som hadde garden. Det var farbror Ole, for han var eldst, og far var husmann hos en ' +
            'granne og snekker om vinteren. Han laget kister og stoler og vever til folk. Han hadde gode hender, ' +
            'far.',
          'Vi var mange unger. Marit var eldst, så Halvor, og så Knut, og så meg. Det var en Knut før ham ' +
            'også, men han døde som liten, før jeg ble født, og da fikk den neste gutten samme navnet. Slik gjorde ' +
            'de det den gangen. Etter meg kom Guri og Kari og Ingrid. Olga og Peder ble født i Amerika.',
          'Om sommeren var mor på setra med kyrne, og vi ungene var med. Det er det fineste jeg husker fra ' +
            'Norge. Setra lå høyt oppe, og det var kaldt om morgenen, men om dagen var det sol, og vi gjette ' +
            'geitene og plukket multer. Mor kinnet smør og laget ost, og om kvelden sang hun. Hun sang mye, ' +
            'mor, helt til hun ble gammel her borte.',
          'Jeg gikk på skolen to vintrer i Vågå, omgangsskole, det var ikke noe skolehus. Læreren bodde en uke ' +
            'på hver gard, og der han bodde, der var skolen. Vi lærte katekismen og å lese og skrive, og litt ' +
            'regning. Mer var det ikke.',
        ],
      },
      {
        heading: 'Hvorfor vi reiste',
        paragraphs: [
          'Det var dårlige år. To somre på rad kom frosten i august, og byggen frøs på åkeren. Far sa at en ' +
            'husmann som ikke eier noe, heller ikke har noe å miste, så det var like godt å reise. Og farbror Knut ' +
            'hadde reist til Amerika i 1879 og skrev brev hjem om at der fikk en mann en kvart ' +
            'seksjon land for ingenting, hundre og seksti acres, bare han bodde på det og dyrket det i fem år. ' +
            'Det var mer jord enn hele Haugen. Når de brevene kom, satt far og leste dem om igjen og om igjen ' +
            'ved bordet om kvelden.',
          'Så våren 1893 solgte de kua og vevstolen og alt de hadde. Jeg husker at bestemor gråt. Hun ble ' +
            'igjen, hun var for gammel til å reise, sa hun. Vi så henne aldri mer.',
        ],
      },
      {
        heading: 'Reisen',
        paragraphs: [
          'Vi reiste i mai. Vi kjørte ned dalen til Lillehammer, to dager med hest og kjerre, og tok ' +
            'dampbåten Skibladner over Mjøsa til Eidsvoll. Der tok vi toget til Kristiania. Det var første gang ' +
            'jeg så et tog, og Knut og jeg sto ved vinduet hele dagen. I Kristiania gikk vi om bord i en dampbåt til ' +
            'Hull i England, og det var en fæl tur over Nordsjøen. Alle var sjøsyke, mor mest. I Hull tok vi ' +
            'toget tvers over England til Liverpool, og der lå den store båten som skulle over havet.',
          'Vi lå i mellomdekket, mange hundre folk, nordmenn og svensker og finner og irer, i køyer i tre ' +
            'etasjer. Mor hadde med seg flatbrød og spekemat og ost fra Vågå, så vi hadde vår egen mat. Jeg ' +
            'husker isfjella utenfor Newfoundland, store som kirker, hvite og blå. Far løftet meg opp så jeg ' +
            'kunne se. Det tok elleve dager, og så kom vi til Quebec.',
          'Så var det toget igjen, i mange dager, gjennom skog og atter skog, og så Chicago og St. Paul. På en ' +
            'stasjon kjøpte far et brød. Det var så hvitt at vi ungene trodde det var kake. Vi hadde aldri sett ' +
            'slikt brød. Den tjueniende juni kom vi til Fergus Falls, og der sto farbror Knut på stasjonen med ' +
            'to vogner og hester. Han het ikke Knut Olsen lenger, han het Knute Olson, og han snakket engelsk ' +
            'med kona si når han ikke ville at vi skulle skjønne hva han sa.',
        ],
      },
      {
        heading: 'Fergus Falls',
        paragraphs: [
          'Vi var fem år i Otter Tail County. Far arbeidet for farmerne rundt der, og vi bodde i et lite hus ' +
            'på farbrors land. Vi ungene begynte på skolen, og der var det bare engelsk. Første dagen skjønte ' +
            'jeg ikke et ord. Læreren pekte på ting og sa navnet, og vi sa det etter. Etter en vinter snakket ' +
            'vi engelsk bedre enn far, og etter to vintrer ville Knut ikke snakke norsk på skolevegen lenger.',
          'Her lærte vi de amerikanske ordene også, de som vi har brukt siden. Åkeren var fila, fjøset var ' +
            'baren, og landhandelen var storen. Mor syntes det var et forferdelig språk. Hun sa at vi snakket ' +
            'verken norsk eller engelsk, vi snakket fila-norsk.',
          'Marit, søstera mi, traff Nils Holm der, han var også fra Vågå, og de ble gift i 1895. Da vi reiste ' +
            'videre til Dakota, ble hun igjen. Halvor ble også igjen, han hadde fått arbeid hos en farmer og ' +
            'skrev seg Halverson, for det var det skriveren på tinghuset hadde skrevet. Det var første gangen ' +
            'familien ble delt. Det ble den mange ganger siden.',
          'Våren 1898 hørte far fra noen nordmenn som hadde vært i Rolette County, at det ennå var ' +
            'regjeringsland å få der oppe. Da ville han reise. Men det skal jeg fortelle om neste gang, for nå ' +
            'er jeg trett.',
        ],
      },
    ],
    closing: ['(Slutt på første bånd.)'],
  },
  {
    id: 'pioneer-memories-2',
    language: 'nb',
    heading: ['MINNER FRA NYBYGGERTIDA', 'Memories of a Pioneer, Part 2', 'Del 2: Nybygger i Rolette County'],
    pageLabel: 'Side {n}',
    fields: FIELDS,
    sections: [
      {
        heading: 'Til Dakota',
        paragraphs: [
          'Vi reiste fra Fergus Falls i mai 1898 med to vogner, elleve kyr og ungdyr og en kasse med høner. ' +
            'Far kjørte den ene vogna og mor den andre, og Ingrid og Olga satt bak med hønene. Knut og jeg ' +
            'gikk bak buskapen hele vegen. Det tok tre uker. Ved Sheyenne-elva var vannet så stort at vi måtte ' +
            'vente i to dager før vi kom over. Jeg var fjorten år, og jeg trodde at prærien aldri skulle ta ' +
            'slutt. Det var bare gras og himmel, og vinden som aldri stoppet.',
          'Far tok land fire mil sørøst for der byen Rolette ligger nå, men det var ingen by da. Han måtte til ' +
            'land office i Devils Lake for å skrive seg for landet. Den første sommeren satte vi opp sjantien, ' +
            'en hytte av bord, tolv ganger seksten fot, og et fjøs av torv til kyrne. Vi brøt fila med to ' +
            'okser som far kjøpte av en franskmann ved St. John.',
          'Den første vinteren var vi åtte i sjantien. Vi fyrte med vridd høy og kumøkk, og i februar var ' +
            'melet slutt. Da gikk far til Rolla, og han bar en sekk mel hjem på ryggen, over tjue mil fram og ' +
            'tilbake. Mor sa aldri noe, men jeg så at hun gråt når hun trodde vi sov. I 1901 bygde far et ' +
            'ordentlig hus av bord som vi kjørte fra Rugby. Det var det første framehuset, som de sa, i hele nabolaget, og ' +
            'folk kom langvegs fra for å se på det.',
        ],
      },
      {
        heading: 'Snøstormene',
        paragraphs: [
          'Om vinteren var det stormene en var redd for. De kom så fort. Den fjortende mars 1902 var det mildt ' +
            'om morgenen, nesten vårlig, og om middagen kunne en ikke se handa for seg. Ola Sæther, gutten til ' +
            'Knut Sæther, var på veg hjem fra Rolla med et lass kull. Hestene kom hjem alene om kvelden. Vi ' +
            'lette etter ham i tre dager, alle karene i nabolaget, og fant ham en kvart mil fra fjøset hjemme. ' +
            'Han var tjueen år. Etter det bandt vi alltid et tau fra huset til fjøset om vinteren.',
          'Vinteren 1906–1907 var den verste. Togene kom ikke fram på mange uker, og kullet tok slutt i hele ' +
            'bygda. Vi brente linhalm og gjerdestolper og til slutt et gammelt fjøs. Men ingen frøs i hjel den ' +
            'vinteren, for folk hjalp hverandre.',
        ],
      },
      {
        heading: 'Jernbanekrigen',
        paragraphs: [
          'I 1905 kom rælroden. Det året tok jeg land selv, jeg var tjueen. Det var et gammelt sted nord for ' +
            'der byen er nå, med storen og posthuset, og de som bodde der, ville at stasjonen skulle ligge hos ' +
            'dem. Men townsite-kompaniet hadde kjøpt land her, og ville ha byen her. Det ble det vi kalte ' +
            'jernbanekrigen. Folk sluttet å snakke med hverandre, naboer som hadde hjulpet hverandre i tjue år. ' +
            'Stikkene til landmålerne ble trukket opp om natta, først de enes, så de andres. Og en morgen i juli ' +
            'ble det slagsmål ved krysset, med spader og greip. Lars Bakken var med på anleggslaget den gangen, ' +
            'han som ble gift med Ingrid siden. Han fortalte om det slagsmålet resten av livet, og det ble ' +
            'større for hvert år.',
          'Til slutt ble stasjonen bygd her, og byen Rolette ble stukket ut den høsten. Om vinteren flyttet vi ' +
            'storen fra det gamle stedet på meier over snøen, med seksten hester foran. Jeg kjørte ett av ' +
            'spannene. Storekeeperen satt inne ved ovnen hele vegen og solgte tobakk, og røyken kom ut av pipa ' +
            'mens huset gikk over prærien. Det var et syn.',
        ],
      },
      {
        heading: 'Kirka',
        paragraphs: [
          'Menigheten hadde holdt gudstjeneste i husene siden 1889, hos Sæther-folket først, og presten kom fra ' +
            'Devils Lake en gang i måneden. Sommeren 1906 bygde vi kirka i Rolette. Far var snekker, så han var ' +
            'der hver dag, og Knut Sæther og Peder Aasen og mange flere. Jeg bar bord og spikret tak. Da klokka ' +
            'kom, den som kvinneforeningen hadde samlet penger til med lefse og rosetter på markedene, da gråt ' +
            'mor. Hun sa at nå hørtes det ut som hjemme.',
          'I den kirka ble jeg gift med Marta Myhre den fjortende juni 1911. Hun var fra Myhre i Vågå, hun ' +
            'også, og hadde kommet over i 1907 for å arbeide hos tanta si i Rolla. Vi hadde hørt om hverandre ' +
            'hjemmefra, men vi hadde aldri sett hverandre før. Hun var den beste kona en mann kunne få. Vi fikk ' +
            'fem barn: Halvor, Kari, Peter, Ingeborg og deg, Astrid.',
        ],
      },
      {
        heading: 'Sorg og tunge år',
        paragraphs: [
          'Spanskesyken i 1918 tok Peder, veslebroren min, den første som var født her på landet. Han var ' +
            'nitten år. Det var så mange syke at en ikke fikk gravd gravene fort nok. Far ble aldri den samme ' +
            'etter det. Han døde i 1927, og mor i 1931.',
          'Så kom de tørre åra. I 1934 og 1936 vokste det ingenting, og det lille som kom opp, tok ' +
            'gresshoppene. Støvet la seg i fonner langs gjerdene, som snø. Vi levde av kyrne og hønene og ' +
            'hagen. Men vi hadde mat, og det var mange som ikke hadde det.',
          'Og så krigen. Peter, gutten vår, falt i Normandie i juli 1944. Han ligger der borte i Frankrike. ' +
            'Jeg har aldri sett grava hans. Det er det tyngste jeg har å fortelle, så det får være nok om det.',
        ],
      },
      {
        heading: 'Til slutt',
        paragraphs: [
          'Nå er jeg nitti år, og jeg har levd lenger i Amerika enn noen av dem som reiste fra Vågå. Jeg har ' +
            'sett prærien bli til farmer og byer, og hestene bli til traktorer. Marta er borte, og de fleste ' +
            'søsknene mine. Ingrid og Olga er igjen.',
          'Det jeg vil si til barnebarna og oldebarna, er dette: Glem ikke hvor dere kommer fra. Alt dere ser ' +
            'her omkring, har noen bygd med hendene sine. Og reis til Vågå om dere kan, og gå opp til Haugen ' +
            'og se ned på elva. Jeg kom aldri tilbake, men jeg har sett den dalen hver natt i åtti år.',
        ],
      },
    ],
    closing: ['(Slutt på andre bånd.)'],
  },
];
